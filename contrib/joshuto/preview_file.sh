#!/bin/sh
# joshuto's preview_script: called as `--path P --preview-width W --preview-height H
# --x-coord X --y-coord Y`; prints the text preview. A video prints nothing here: the
# shown hook plays it at the rectangle, the removed hook ends it.
while [ "$#" -gt 0 ]; do
  case "$1" in
    --path) path="$2"; shift ;;
  esac
  shift
done
case "$(printf '%s' "$path" | tr '[:upper:]' '[:lower:]')" in
  *.mp4|*.mkv|*.webm|*.mov|*.avi|*.m4v) exit 0 ;;
  *) cat -- "$path" ;;
esac
