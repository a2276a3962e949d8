need Xtigervnc vncpasswd websockify xmessage twm xterm python3
# VNC passwords are 8 characters at most (RFB's DES challenge): 8 hex digits
SECRET=$(head -c 4 /dev/urandom | od -An -tx1 | tr -d ' \n')
printf '%s\n' "$SECRET" | vncpasswd -f > vnc.passwd
VNC_PORT=$(free_port)
PORT=$(free_port)
rm -f display.txt
# the VNC server listens on localhost only and asks for the password; websockify is what the console reaches
Xtigervnc -displayfd 3 -rfbport "$VNC_PORT" -localhost -SecurityTypes VncAuth -PasswordFile vnc.passwd \
  -geometry "$SL_FIELD_RESOLUTION" -depth 24 -nolisten tcp 3>display.txt &
X_PID=$!
for _ in $(seq 100); do [ -s display.txt ] && break; sleep 0.1; done
export DISPLAY=":$(head -n 1 display.txt)"
xmessage -geometry +40+40 -bg '#1890ff' -fg white "Starlight desktop: $(id -un) on $(hostname)" &
# a small window manager (windows go where they ask, no click to place them; a click on the background opens
# its menu: a new terminal) and a first terminal in the account's home
cat > twmrc <<'TWMRC'
UsePPosition "on"
RandomPlacement
NoGrabServer
RestartPreviousState
DecorateTransients
BorderWidth 1
TitleFont "fixed"
ResizeFont "fixed"
MenuFont "fixed"
IconFont "fixed"
IconManagerFont "fixed"
Color
{
  BorderColor "slategrey"
  TitleBackground "#1890ff"
  TitleForeground "white"
  MenuBackground "white"
  MenuForeground "black"
  MenuTitleBackground "#1890ff"
  MenuTitleForeground "white"
}
Button1 = : root : f.menu "desktop"
Button3 = : root : f.menu "desktop"
Button1 = : title : f.move
Button2 = : title : f.raiselower
Button3 = : title : f.iconify
menu "desktop"
{
  "Starlight desktop" f.title
  "Terminal" f.exec "cd && exec xterm &"
  "Raise or lower" f.raiselower
  "Move" f.move
  "Close window" f.delete
}
TWMRC
LANG=C twm -f "$PWD/twmrc" 2>twm.log &
(cd "$HOME" && exec xterm -geometry 90x24+40+120 -T "Terminal: $(id -un)@$(hostname)") &
websockify "${SL_BIND:-0.0.0.0}:$PORT" "127.0.0.1:$VNC_PORT" &
WS_PID=$!
write_connection "$PORT" "$SECRET"
echo "starlight: desktop $DISPLAY on $(hostname):$PORT as $(id -un)"
trap 'kill $X_PID $WS_PID 2>/dev/null' EXIT
wait -n "$X_PID" "$WS_PID"
