need Xtigervnc vncpasswd websockify xmessage python3
# VNC passwords are 8 characters at most (RFB's DES challenge): 8 hex digits
SECRET=$(head -c 4 /dev/urandom | od -An -tx1 | tr -d ' \n')
printf '%s\n' "$SECRET" | vncpasswd -f > vnc.passwd
VNC_PORT=$(free_port)
PORT=$(free_port)
rm -f display.txt
# the VNC server listens on localhost only and asks for the password; websockify is what the console reaches
Xtigervnc -displayfd 3 -rfbport "$VNC_PORT" -localhost -SecurityTypes VncAuth -PasswordFile vnc.passwd \
  -geometry "$SL_RESOLUTION" -depth 24 -nolisten tcp 3>display.txt &
X_PID=$!
for _ in $(seq 100); do [ -s display.txt ] && break; sleep 0.1; done
export DISPLAY=":$(head -n 1 display.txt)"
xmessage -geometry +40+40 -bg '#1890ff' -fg white "Starlight desktop: $(id -un) on $(hostname)" &
websockify "${SL_BIND:-0.0.0.0}:$PORT" "127.0.0.1:$VNC_PORT" &
WS_PID=$!
write_connection "$PORT" "$SECRET"
echo "starlight: desktop $DISPLAY on $(hostname):$PORT as $(id -un)"
trap 'kill $X_PID $WS_PID 2>/dev/null' EXIT
wait -n "$X_PID" "$WS_PID"
