#!/bin/sh
# Builds every tally target with Bazel and runs every test, offline.
# Installs nothing: needs Debian 12's bazel-bootstrap and the packages the
# CMake build uses (see README.md). Arguments go to `bazel test`; without a
# target pattern it tests //... . Examples:
#   bazel-compat/test.sh
#   bazel-compat/test.sh --jobs=1
#   bazel-compat/test.sh //:decimal_test
set -eu
cd "$(dirname "$0")"
# The generated BUILD files must match the CMake build (takes < 1 second).
python3 gen_build.py --check
for arg in "$@"; do
  case "$arg" in
    -*) ;;
    *) exec bazel test "$@" ;;
  esac
done
exec bazel test "$@" //...
