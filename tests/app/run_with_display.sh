#!/bin/sh
# Runs a GUI program on the current X display, or on a private Xvfb when there is none.
if [ -n "$DISPLAY" ]; then
  exec "$@"
fi
exec xvfb-run -a -s "-screen 0 1600x1000x24" "$@"
