// The --tsg figure's title (tsg_title.h).
#include "app/cli/tsg_title.h"

namespace inflight::cli {

std::string tsg_title(const ResolvedFlow& f, const std::string& where) {
    return "Time-sequence graph of " + f.label + where + (f.repeats() ? ", its first connection" : "");
}

}  // namespace inflight::cli
