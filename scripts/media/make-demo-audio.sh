#!/usr/bin/env bash
# Renders the demo podcast episodes' short spoken intros (public/audio/episode-N.mp3) with
# Debian's espeak-ng and lame: mono, 16 kHz, 24 kbit/s, so each file stays well under 100 KB.
# Run it again after changing a text; then update the byte sizes in src/lib/demo-audio.ts
# (tests/unit/demo-audio.test.ts says which).
set -euo pipefail
cd "$(dirname "$0")/../.."
out=public/audio
mkdir -p "$out"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

titles=(
	"Why Every Retailer Became a Media Company"
	"Inside the Sponsored Products Auction"
	"Measuring What Matters: Incrementality With a Data Scientist"
	"Grocery Media: From Coupons to Clean Rooms"
	"Off-Site Retail Media in 18 Minutes"
	"Roundtable: Building a Retail Media Team From Scratch"
)

for index in "${!titles[@]}"; do
	number=$((index + 1))
	text="Welcome to the Retail Media Hub podcast. Episode ${number}: ${titles[$index]}. This short recording stands in for the full episode on a fresh install of the site. Thanks for listening."
	espeak-ng -v en-us -s 165 -w "$tmp/episode-${number}.wav" "$text"
	# --noreplaygain and no ID3 tags: the same text gives the same bytes on every run.
	lame --quiet --noreplaygain -m m --resample 16 -b 24 -t "$tmp/episode-${number}.wav" "$out/episode-${number}.mp3"
done
ls -l "$out"
