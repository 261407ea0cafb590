# fish completion for git benchbisect (fish's git completion provides
# __fish_git_using_command). Platforms and kernels come from the cached
# dashboard through git benchwindow --offline.
set -l cmd '__fish_git_using_command benchbisect'
# The dashboard, series and slice options are git benchwindow's: load them from its file.
functions -q __benchtriage_window_options
or source (status dirname)/git-benchwindow.fish
__benchtriage_window_options $cmd
complete -c git -n __fish_git_needs_command -a benchbisect -d 'Say what a benchmark dashboard move is; bisect it'
complete -c git -f -n "$cmd; and __fish_is_nth_token 2" -a run -d 'Bisect the window with a benchmark command'
complete -c git -f -n "$cmd; and not __fish_seen_argument -- --" -a '(git benchwindow --offline --list-platforms 2>/dev/null)' -d platform
complete -c git -f -n "$cmd" -l noise-multiple -r -d 'A step under x times the noise is noise'
complete -c git -f -n "$cmd" -l min-change -r -d 'A step under pct percent is noise'
complete -c git -f -n "$cmd" -l shared-ratio -r -d 'Share of the move that counts as moving with Helion'
complete -c git -f -n "$cmd" -l agree-ratio -r -d 'Latency agrees between r and 1/r of the move'
complete -c git -f -n "$cmd" -l flat-ratio -r -d 'Latency is flat under r of the move'
complete -c git -n "$cmd" -l method-path -r -d 'Also count commits touching a pathspec as measurement'
complete -c git -f -n "$cmd" -l metric -d 'The command prints a number'
complete -c git -f -n "$cmd" -l repeat -r -d 'Run the command at most n times a commit'
complete -c git -f -n "$cmd" -s j -l jobs -r -d 'Test n commits at once'
complete -c git -f -n "$cmd" -l launcher -r -a '(__fish_complete_command)' -d 'Run the command under a launcher'
complete -c git -f -n "$cmd" -l step-timeout -r -d 'Stop a run after n seconds, retry once, then skip'
complete -c git -f -n "$cmd" -l slice-first -d 'Test the slice commits first'
