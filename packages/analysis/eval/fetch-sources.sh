#!/usr/bin/env bash
# Fetches the Debian packages whose sample pictures the image evaluation uses and unpacks them
# into eval/.cache/deb (no system install needed): python3-skimage (BSD-3-Clause code; sample
# pictures public domain / CC0, see skimage/data/_fetchers.py) and opencv-doc (Apache-2.0 /
# BSD-3-Clause; OpenCV sample data).
set -euo pipefail
cd "$(dirname "$0")"
mkdir -p .cache/deb && cd .cache/deb
for pkg in python3-skimage opencv-doc; do
  ls ${pkg}_*.deb >/dev/null 2>&1 || apt-get download "$pkg"
done
rm -rf root && mkdir root
for f in *.deb; do dpkg -x "$f" root; done
echo "unpacked into $(pwd)/root"
