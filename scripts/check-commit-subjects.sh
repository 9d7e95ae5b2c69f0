#!/usr/bin/env bash
# House habit made executable (issue 10): commit subjects are at most 72 characters. Checked
# for the commits made since the rule began (SINCE), so older history is left as it was.
# A clone without that history (shallow) checks what it has.
set -uo pipefail
cd "$(dirname "$0")/.."
SINCE=f4608c3
range=HEAD
git cat-file -e "$SINCE^{commit}" 2>/dev/null && range="$SINCE..HEAD"
long=$(git log --no-merges --format='%h %s' "$range" 2>/dev/null | awk '{ s = substr($0, index($0, " ") + 1); if (length(s) > 72) print }')
if [ -n "$long" ]; then
  echo "Commit subjects over 72 characters (put the why in the body):"
  echo "$long"
  exit 1
fi
echo "commit subjects: all within 72 characters ($(git rev-list --no-merges --count "$range" 2>/dev/null) checked)"
