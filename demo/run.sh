#!/bin/sh
# make demo: build the demo repository and run the main job on the bundled
# demo dashboard, with no network.
set -e
bin=$1
top=$(cd "$(dirname "$0")/.." && pwd)
repo=$top/build/demo-repo
sh "$top/demo/make-repo.sh" "$repo"
cd "$repo"
# What it prints is what the README shows: the commands as run in $repo.
echo "\$ cd build/demo-repo"
echo "\$ git benchwindow --file ../../demo/dashboard-data.json b200_cute 2026-09-10"
PATH="$bin:$PATH" git benchwindow --file ../../demo/dashboard-data.json b200_cute 2026-09-10
