# fish completion for git fixture-diff (fish's git completion provides
# __fish_git_using_command and __fish_git_refs).
set -l cmd '__fish_git_using_command fixture-diff'
complete -c git -n __fish_git_needs_command -a fixture-diff -d 'Compare sched2tlx fixtures by blob identity'
complete -c git -f -n "$cmd" -a '(__fish_git_refs)' -d revision
complete -c git -f -n "$cmd" -l root -r -a '(__fish_complete_directories)' -d 'The corpus directory, from the top'
complete -c git -f -n "$cmd" -l cases -r -d 'Only these cases (comma-separated)' -a '(git fixture-diff --list-cases 2>/dev/null)'
complete -c git -f -n "$cmd" -l ignore-comments -d 'Report comment-only changes as comment-only'
complete -c git -f -n "$cmd" -l json -d 'Print the comparison as JSON'
complete -c git -f -n "$cmd" -l name-only -d 'Print the changed cases, comma-separated'
complete -c git -f -n "$cmd" -s z -l null -d 'With --name-only or --list-cases: raw names, NUL-terminated'
complete -c git -f -n "$cmd" -s p -l patch -d 'Print the patch of the changed fixtures'
complete -c git -f -n "$cmd" -l stat -d 'Print a diffstat of the changed fixtures'
complete -c git -f -n "$cmd" -l color -a 'always never auto' -d 'Colour the output'
complete -c git -f -n "$cmd" -l check -d 'Pre-merge gate: exit 1 on fixture problems'
complete -c git -f -n "$cmd" -l list-cases -d 'Print the case names and exit'
complete -c git -f -n "$cmd" -l install-hook -d 'Install a pre-push hook running --check'
