#!/usr/bin/env bash
# Benchmark-only: fetches the peer of the six-joint closed forms, EAIK (Ostermeier, Kuelz,
# Althoff, RA-L 2025; github.com/OstermD/EAIK, BSD-3-Clause) with the IK-Geo subproblem solvers it is
# built on (Elias & Wen; github.com/OstermD/ik-geo, the fork of rpiRobotics/ik-geo EAIK uses,
# BSD-3-Clause), at the commits docs/validation.md's figures were taken with. (IK-Geo's own
# repository ships a C++ UR solver too; at its latest commit, 658d205, it writes into an empty
# vector in sp4_run and, with that mended, returns wrong joint values: not a usable peer.)
# The default build never runs this. Usage:
#   tests/bench/fetch_eaik.sh [DIR [EAIK_SOURCE IK_GEO_SOURCE]]     (DIR default build-peers)
#   cmake -S . -B build -DARMDYN_BUILD_BENCH=ON -DARMDYN_EAIK_DIR=$PWD/build-peers
#   cmake --build build --target armdyn_bench && build/tests/bench/armdyn_bench --benchmark_filter=Ur5
set -euo pipefail
dir=${1:-build-peers}
eaik_source=${2:-https://github.com/OstermD/EAIK.git}
ikgeo_source=${3:-https://github.com/OstermD/ik-geo.git}
eaik_commit=3d973f6b7e7c87ca32928ec5b7eb5e50d956a7f5
ikgeo_commit=8a7303cdeee33640a85a49c7b2508b84651af26c
mkdir -p "$dir"
[[ -d "$dir/EAIK/.git" ]] || git clone -q --no-checkout "$eaik_source" "$dir/EAIK"
[[ -d "$dir/ik-geo/.git" ]] || git clone -q --no-checkout "$ikgeo_source" "$dir/ik-geo"
git -C "$dir/EAIK" checkout -q "$eaik_commit" -- CPP/src LICENSE
git -C "$dir/ik-geo" checkout -q "$ikgeo_commit" -- cpp/subproblems LICENSE
echo "EAIK $eaik_commit and IK-Geo $ikgeo_commit in $dir; configure with -DARMDYN_EAIK_DIR=$(cd "$dir" && pwd)"
