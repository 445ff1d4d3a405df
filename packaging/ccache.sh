# Sourced by the build scripts (test.sh, sanitizers.sh, fuzz.sh, package.sh)
# after they cd to the source root: compile through ccache (Debian's package,
# installed by setup.sh) so that a build reuses the objects an earlier build
# compiled with the same flags — the next CI run's plain, sanitizer and fuzz
# builds, or test.sh after a small change. CCACHE_BASEDIR makes paths inside
# the clone relative, so a fresh clone in another folder hits the same
# entries; CCACHE_NOHASHDIR lets the -g (sanitizer, fuzz) builds share too.
# The precompiled headers (the tests', the window's) are cached too, with
# the sloppiness ccache asks for them. Off with INFLIGHT_CCACHE=0. Takes
# effect when a build folder is first configured (CMake reads
# CMAKE_CXX_COMPILER_LAUNCHER from the environment).
if [[ ${INFLIGHT_CCACHE:-1} != 0 ]] && command -v ccache >/dev/null; then
  export CMAKE_CXX_COMPILER_LAUNCHER=ccache
  export CCACHE_BASEDIR=$PWD
  export CCACHE_NOHASHDIR=1
  export CCACHE_SLOPPINESS=pch_defines,time_macros,include_file_mtime,include_file_ctime
  export CCACHE_MAXSIZE=${CCACHE_MAXSIZE:-10G}
fi
