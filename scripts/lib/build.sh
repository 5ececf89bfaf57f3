# Sourced by the scripts that build (scripts/run, scripts/test): new build folders use Ninja
# when it is installed (scripts/install-deps installs it). With Makefiles each library's
# precompiled header and its last batch ran alone on one core of two; Ninja starts the next
# library's steps beside them. A folder configured before keeps its own generator (CMake
# reads CMAKE_GENERATOR for new folders only).
if [ -z "${CMAKE_GENERATOR:-}" ] && command -v ninja >/dev/null 2>&1; then
  export CMAKE_GENERATOR=Ninja
fi
