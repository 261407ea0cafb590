# __benchtriage_home <word>: the word with a leading ~ or ~user expanded,
# as fish expands one it reads (a login name's characters only: the word
# is never evaluated). Installed into fish's vendor_functions.d, so the
# git forwarder (benchtriage.fish in vendor_conf.d) and the completion of
# --root (git-benchwindow.fish) autoload this one copy.
function __benchtriage_home -a word
    set -l user (string match -r -g -- '^(~[-\w.]*)(?:/|$)' $word)
    or begin
        printf '%s\n' $word
        return
    end
    eval set -l home $user
    printf '%s\n' $home(string sub -s (math (string length -- $user) + 1) -- $word)
end
