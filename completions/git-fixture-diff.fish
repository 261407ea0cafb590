# fish completion for git-fixture-diff, which is also `git fixture-diff`
# (see git-benchwindow.fish for how fish gets here). The options come from
# the binary's own table (__benchtriage_options, in git-benchwindow.fish).
functions -q __benchtriage_options
or source (status dirname)/git-benchwindow.fish
set -l cmd git-fixture-diff
# Revisions, and ranges of them (A..B, A...B) as `git diff`'s.
complete -c $cmd -f -k -a '(__fish_git_ranges)'
__benchtriage_options $cmd true $cmd
