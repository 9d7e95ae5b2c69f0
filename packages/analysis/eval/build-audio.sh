#!/usr/bin/env bash
# Builds the speaker-count evaluation clips from Debian's espeak-ng (GPL-3.0+) voices, mixed
# with sox (GPL-2.0+). Every clip is synthetic, so there is no third-party recording to license.
# Output: eval/.cache/audio/*.wav and labels.tsv (file, expected speaker count, kind).
set -euo pipefail
cd "$(dirname "$0")"
OUT=.cache/audio
rm -rf "$OUT" && mkdir -p "$OUT/tmp"
command -v espeak-ng >/dev/null && command -v sox >/dev/null || { echo "needs espeak-ng and sox (scripts/system-packages.txt)" >&2; exit 1; }

# speaker identities: espeak voice+variant, pitch (0-99), speed (wpm)
VOICES=(
  "en-us+m1 35 150" "en-us+f2 65 160" "en-gb+m3 45 140" "en-gb-scotland+f4 70 150"
  "en-us+Andy 50 170" "en-gb-x-rp+f5 60 145" "en-us+Michael 30 155" "en-gb+Annie 75 165"
)
SENTENCES=(
  "Please make sure that your camera and microphone are switched on before the test begins."
  "The quick brown fox jumps over the lazy dog while the farmer watches from the gate."
  "Read every question carefully and choose the answer that fits the passage best."
  "Our train leaves the station at half past seven and arrives in the city before noon."
  "The library keeps its rare books in a cool room on the second floor of the building."
  "When the rain stopped, the children ran outside to look for frogs near the pond."
  "A balanced diet and regular exercise are both important for a healthy life."
  "The committee will publish its decision on the new bridge at the end of the month."
  "She opened the window, looked at the mountains and decided to walk to the village."
  "Numbers can be written in many ways, for example as fractions, decimals or percentages."
)
say() { # voice-index sentence-index out
  read -r v p s <<<"${VOICES[$1]}"
  espeak-ng -v "$v" -p "$p" -s "$s" -w "$OUT/tmp/raw.wav" "${SENTENCES[$2]}"
  sox -V1 -q "$OUT/tmp/raw.wav" -r 16000 -c 1 -b 16 "$3" pad 0 0.4
}
fit15() { sox -V1 -q "$1" "$2" trim 0 15 pad 0 15 trim 0 15; }  # exactly 15 s
labels="$OUT/labels.tsv"; : > "$labels"
refs="$OUT/refs.tsv"; : > "$refs"  # file, voice index, condition (not part of the speaker-count figures)
n=${#VOICES[@]}; m=${#SENTENCES[@]}
for i in $(seq 0 $((n - 1))); do
  # one speaker reading 15 s
  parts=(); for k in 0 1 2 3; do say "$i" $(((i + k) % m)) "$OUT/tmp/s$k.wav"; parts+=("$OUT/tmp/s$k.wav"); done
  sox -q "${parts[@]}" "$OUT/tmp/one.wav"; fit15 "$OUT/tmp/one.wav" "$OUT/one-$i.wav"
  echo -e "one-$i.wav\t1\tsingle" >> "$labels"
  # same speaker with pink noise at about 15 dB SNR
  sox -q -n -r 16000 -c 1 "$OUT/tmp/noise.wav" synth 15 pinknoise vol 0.02
  sox -q -m "$OUT/one-$i.wav" "$OUT/tmp/noise.wav" "$OUT/one-noise-$i.wav"
  echo -e "one-noise-$i.wav\t1\tsingle+noise" >> "$labels"
  # reference for a per-candidate baseline: the same voice alone, other sentences, own noise
  parts=(); for k in 4 5 6 7; do say "$i" $(((i + k) % m)) "$OUT/tmp/r$k.wav"; parts+=("$OUT/tmp/r$k.wav"); done
  sox -q "${parts[@]}" "$OUT/tmp/ref.wav"; fit15 "$OUT/tmp/ref.wav" "$OUT/ref-$i.wav"
  sox -q -n -r 16000 -c 1 "$OUT/tmp/noise2.wav" synth 15 pinknoise vol 0.02
  sox -q -m "$OUT/ref-$i.wav" "$OUT/tmp/noise2.wav" "$OUT/ref-noise-$i.wav"
  echo -e "ref-$i.wav\t$i\tclean" >> "$refs"; echo -e "ref-noise-$i.wav\t$i\tnoise" >> "$refs"
  for d in 1 3; do
    j=$(((i + d) % n))
    # two speakers alternating sentences
    parts=(); for k in 0 1 2 3; do sp=$([ $((k % 2)) -eq 0 ] && echo "$i" || echo "$j"); say "$sp" $(((i + j + k) % m)) "$OUT/tmp/a$k.wav"; parts+=("$OUT/tmp/a$k.wav"); done
    sox -q "${parts[@]}" "$OUT/tmp/alt.wav"; fit15 "$OUT/tmp/alt.wav" "$OUT/two-alt-$i-$j.wav"
    echo -e "two-alt-$i-$j.wav\t2\talternating" >> "$labels"
    # two speakers talking over each other (second starts 2 s later, a little quieter)
    parts=(); for k in 4 5 6; do say "$j" $(((j + k) % m)) "$OUT/tmp/o$k.wav"; parts+=("$OUT/tmp/o$k.wav"); done
    sox -q "${parts[@]}" "$OUT/tmp/other.wav" pad 2 0 vol 0.8
    sox -q -m "$OUT/one-$i.wav" "$OUT/tmp/other.wav" "$OUT/tmp/ov.wav"; fit15 "$OUT/tmp/ov.wav" "$OUT/two-overlap-$i-$j.wav"
    echo -e "two-overlap-$i-$j.wav\t2\toverlapping" >> "$labels"
  done
done
# no speaker: noises (loud enough to pass the RMS floor) and digital silence
for kind in pinknoise brownnoise whitenoise; do
  sox -q -n -r 16000 -c 1 "$OUT/none-$kind.wav" synth 15 "$kind" vol 0.05
  echo -e "none-$kind.wav\t0\tnoise" >> "$labels"
done
sox -q -n -r 16000 -c 1 "$OUT/none-hum.wav" synth 15 sine 50 vol 0.05
echo -e "none-hum.wav\t0\tnoise" >> "$labels"
sox -q -n -r 16000 -c 1 "$OUT/none-silence.wav" trim 0 15
echo -e "none-silence.wav\t0\tsilence" >> "$labels"
# browsers record webm/opus: every speech clip also goes through an opus round trip (32 kbit/s)
if command -v ffmpeg >/dev/null; then
  while IFS=$'\t' read -r f n kind; do
    [ "$n" = 0 ] && continue
    ffmpeg -nostdin -hide_banner -loglevel error -i "$OUT/$f" -c:a libopus -b:a 32k -y "$OUT/${f%.wav}.webm"
    echo -e "${f%.wav}.webm\t$n\t$kind+opus" >> "$OUT/tmp/opus.tsv"
  done < "$labels"
  cat "$OUT/tmp/opus.tsv" >> "$labels"
  while IFS=$'\t' read -r f v cond; do
    ffmpeg -nostdin -hide_banner -loglevel error -i "$OUT/$f" -c:a libopus -b:a 32k -y "$OUT/${f%.wav}.webm"
    echo -e "${f%.wav}.webm\t$v\t$cond+opus" >> "$OUT/tmp/refs-opus.tsv"
  done < "$refs"
  cat "$OUT/tmp/refs-opus.tsv" >> "$refs"
fi
rm -rf "$OUT/tmp"
echo "built $(wc -l < "$labels") clips in $OUT"
