# the form's extra module path (SL_FIELD_PYTHON_PATH, validated by the console: no control characters): printed
# for troubleshooting and handed to Python as data, never evaluated
if [ -n "${SL_FIELD_PYTHON_PATH:-}" ]; then
  printf 'starlight: extra Python module path: %s\n' "$SL_FIELD_PYTHON_PATH"
  export PYTHONPATH="$SL_FIELD_PYTHON_PATH${PYTHONPATH:+:$PYTHONPATH}"
fi
need jupyter-notebook python3
SECRET=$(head -c 24 /dev/urandom | od -An -tx1 | tr -d ' \n')
PORT=$(free_port)
write_connection "$PORT" "$SECRET"
# the token from the environment, not the command line (other users can read /proc/<pid>/cmdline)
export JUPYTER_TOKEN="$SECRET"
echo "starlight: Jupyter on $(hostname):$PORT under $SL_BASE_URL as $(id -un)"
# allow_remote_access: the Host header is the console's (the proxy keeps it); the token still guards it
exec jupyter-notebook --no-browser --ip="${SL_BIND:-0.0.0.0}" --port="$PORT" --port-retries=0 \
  --NotebookApp.base_url="$SL_BASE_URL" --NotebookApp.allow_remote_access=True \
  --NotebookApp.open_browser=False --notebook-dir="$HOME"
