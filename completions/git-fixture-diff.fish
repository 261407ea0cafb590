# fish completion for git-fixture-diff, which is also `git fixture-diff`
# (see git-benchwindow.fish for how fish gets here).
set -l cmd git-fixture-diff
complete -c $cmd -f -a '(__fish_git_refs)' -d revision
complete -c $cmd -f -l root -r -a '(__fish_complete_directories)' -d 'The corpus directory, from the top'
complete -c $cmd -f -l cases -r -d 'Only these cases (comma-separated)' -a '(git-fixture-diff --list-cases 2>/dev/null)'
complete -c $cmd -f -l ignore-comments -d 'Report comment-only changes as comment-only'
complete -c $cmd -f -l json -d 'Print the comparison as JSON'
complete -c $cmd -f -s q -l quiet -d 'No progress, no warnings'
complete -c $cmd -f -l name-only -d 'Print the changed cases, comma-separated'
complete -c $cmd -f -s z -l null -d 'With --name-only or --list-cases: raw names, NUL-terminated'
complete -c $cmd -f -s p -l patch -d 'Print the patch of the changed fixtures'
complete -c $cmd -f -l stat -d 'Print a diffstat of the changed fixtures'
complete -c $cmd -f -l color -a 'always never auto' -d 'Colour the output'
complete -c $cmd -f -l check -d 'Pre-merge gate: exit 1 on what breaks the corpus'
complete -c $cmd -f -l list-cases -d 'Print the case names and exit'
complete -c $cmd -f -l install-hook -d 'Install a pre-push hook running --check'
