// inflight without the window (INFLIGHT_BUILD_UI=OFF): the command line with
// no window entry points, so `inflight` alone and --png/--svg say that this
// build has none.
#include "app/cli/cli.h"

int main(int argc, char** argv) { return inflight::cli::main(argc, argv, {}); }
