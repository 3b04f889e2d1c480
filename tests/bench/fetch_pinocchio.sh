#!/usr/bin/env bash
# Benchmark-only: fetches the peer of the dynamics kernels, Pinocchio (Carpentier et al.;
# github.com/stack-of-tasks/pinocchio, BSD-2-Clause) at release v3.7.0, and uses it header-only:
# its headers, and in place of the three headers its CMake generates (config.hpp, deprecated.hpp,
# warning.hpp) minimal ones written here. Needs Debian's libboost-dev (Boost headers only). The
# default build never runs this. Usage:
#   tests/bench/fetch_pinocchio.sh [DIR [SOURCE]]     (DIR default build-peers)
#   cmake -S . -B build -DARMDYN_BUILD_BENCH=ON -DARMDYN_PINOCCHIO_DIR=$PWD/build-peers
#   cmake --build build --target armdyn_bench
#   build/tests/bench/armdyn_bench --benchmark_filter='MassMatrix|Pinocchio' --benchmark_min_time=0.2
set -euo pipefail
dir=${1:-build-peers}
source=${2:-https://github.com/stack-of-tasks/pinocchio.git}
tag=v3.7.0
[[ -f /usr/include/boost/variant.hpp ]] || { echo "fetch_pinocchio: needs Boost headers: apt-get install libboost-dev" >&2; exit 1; }
mkdir -p "$dir"
[[ -d "$dir/pinocchio/.git" ]] || git clone -q --no-checkout "$source" "$dir/pinocchio"
git -C "$dir/pinocchio" fetch -q --tags origin 2>/dev/null || true
git -C "$dir/pinocchio" checkout -q "$tag" -- include LICENSE
gen=$dir/pinocchio/generated/pinocchio
mkdir -p "$gen"
cat > "$gen/config.hpp" <<'HPP'
// Written by armdyn's tests/bench/fetch_pinocchio.sh in place of the header Pinocchio's CMake
// generates (jrl-cmakemodules generate_configuration_header_v2): header-only use, no library.
#ifndef PINOCCHIO_CONFIG_HPP
#define PINOCCHIO_CONFIG_HPP
#define PINOCCHIO_DLLAPI
#define PINOCCHIO_LOCAL
#define PINOCCHIO_DEPRECATED
#define PINOCCHIO_DEPRECATED_EXPORT
#define PINOCCHIO_MAJOR_VERSION 3
#define PINOCCHIO_MINOR_VERSION 7
#define PINOCCHIO_PATCH_VERSION 0
#define PINOCCHIO_VERSION "3.7.0"
#define PINOCCHIO_VERSION_AT_LEAST(major, minor, patch)                                  \
  (PINOCCHIO_MAJOR_VERSION > (major) ||                                                  \
   (PINOCCHIO_MAJOR_VERSION == (major) &&                                                \
    (PINOCCHIO_MINOR_VERSION > (minor) ||                                                \
     (PINOCCHIO_MINOR_VERSION == (minor) && PINOCCHIO_PATCH_VERSION >= (patch)))))
#endif
HPP
cat > "$gen/deprecated.hpp" <<'HPP'
#ifndef PINOCCHIO_DEPRECATED_HPP
#define PINOCCHIO_DEPRECATED_HPP
#include "pinocchio/config.hpp"
#define PINOCCHIO_DEPRECATED_MESSAGE(message)
#endif
HPP
cat > "$gen/warning.hpp" <<'HPP'
#ifndef PINOCCHIO_WARNING_HPP
#define PINOCCHIO_WARNING_HPP
#define PINOCCHIO_WARNING(message)
#endif
HPP
echo "Pinocchio $tag in $dir; configure with -DARMDYN_PINOCCHIO_DIR=$(cd "$dir" && pwd)"
