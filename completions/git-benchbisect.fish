# fish completion for git-benchbisect, which is also `git benchbisect`
# (see git-benchwindow.fish for how fish gets here).
# The dashboard, series and slice options and the platform and date
# arguments are git benchwindow's: load them from its file.
functions -q __benchtriage_window_options
or source (status dirname)/git-benchwindow.fish
__benchtriage_window_options git-benchbisect
set -l cmd git-benchbisect
complete -c $cmd -f -n '__fish_is_nth_token 1' -a run -d 'Bisect the window with a benchmark command'
complete -c $cmd -f -l noise-multiple -r -d 'A step under x times the noise is noise'
complete -c $cmd -f -l min-change -r -d 'A step under pct percent is noise (run --metric: the ends alike within it)'
complete -c $cmd -f -l shared-ratio -r -d 'Share of the move that counts as moving with Helion'
complete -c $cmd -l method-path -r -d 'Also count commits touching a pathspec as measurement'
complete -c $cmd -f -l scan -d 'Classify every platform'"'"'s steps in a range'
complete -c $cmd -f -l since -r -d 'With --scan: from a date' -a 'yesterday today'
complete -c $cmd -f -l until -r -d 'With --scan: up to a date, inclusive' -a 'yesterday today'
complete -c $cmd -f -l metric -d 'The command prints a number'
complete -c $cmd -f -l repeat -r -d 'Run the command at most n times a commit (--metric: n times a bisection'"'"'s runs)'
complete -c $cmd -f -s j -l jobs -r -d 'Test n commits at once'
complete -c $cmd -f -l launcher -r -a '(__fish_complete_command)' -d 'Run the command under a launcher'
complete -c $cmd -f -l step-timeout -r -d 'Stop a run after n seconds, retry once, then skip'
complete -c $cmd -f -l kill-grace -r -d 'Seconds from SIGTERM to SIGKILL when a run is stopped'
complete -c $cmd -f -l slice-first -d 'Test the slice commits first'
# After "--" of run: the benchmark command, then its arguments.
complete -c $cmd -n '__fish_seen_argument -- --' -a '(__fish_complete_subcommand -- --)'
