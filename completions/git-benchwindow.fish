# fish completion for git benchwindow (fish's git completion provides
# __fish_git_using_command).

# The options git benchwindow and git benchbisect share (OPT_WINDOW in the
# code), registered under the condition given as the first argument.
function __benchtriage_window_options -a cmd
    complete -c git -n "$cmd" -l file -r -F -d 'Read the dashboard from a file (- for stdin)'
    complete -c git -f -n "$cmd" -l url -r -d 'Download the dashboard from a URL'
    complete -c git -f -n "$cmd" -l pretuned -d 'Use the Pretuned tab'
    complete -c git -f -n "$cmd" -l offline -d 'Use the cached dashboard only'
    complete -c git -f -n "$cmd" -l refresh -d 'Download even when the cache is fresh'
    complete -c git -f -n "$cmd" -l timeout -r -d 'Give up the download after n seconds, retries included'
    complete -c git -f -n "$cmd" -l kernel -r -d 'Follow one kernel' -a '(git benchwindow --offline --list-kernels (commandline -opc)[3] 2>/dev/null)'
    complete -c git -f -n "$cmd" -l span -r -d 'Look n days either side of the date'
    complete -c git -f -n "$cmd" -l all-runs -d 'Include manual and side-branch runs'
    complete -c git -f -n "$cmd" -l good -r -d 'Last good revision' -a '(__fish_git_refs)'
    complete -c git -f -n "$cmd" -l bad -r -d 'First bad revision' -a '(__fish_git_refs)'
    complete -c git -f -n "$cmd" -l slice -r -d 'PCRE2 pattern of the slice'
    complete -c git -n "$cmd" -l path -r -d 'Also count commits touching a prefix as the slice'
    complete -c git -f -n "$cmd" -l json -d 'Print one JSON object'
    complete -c git -f -n "$cmd" -l color -a 'always never auto' -d 'Colour the output'
end

set -l cmd '__fish_git_using_command benchwindow'
__benchtriage_window_options $cmd
complete -c git -n __fish_git_needs_command -a benchwindow -d 'List the commit window behind a benchmark dashboard move'
complete -c git -f -n "$cmd" -a '(git benchwindow --offline --list-platforms 2>/dev/null)' -d platform
complete -c git -f -n "$cmd" -l only-slice -d 'List only the commits in the slice'
complete -c git -f -n "$cmd" -l list-platforms -d 'Print the platforms and exit'
complete -c git -f -n "$cmd" -l list-kernels -r -d 'Print the kernels of a platform and exit' -a '(git benchwindow --offline --list-platforms 2>/dev/null)'
