// The --tsg figure's title (tsg_title.h).
#include "app/cli/tsg_title.h"

namespace inflight::cli {

bool opens_several_connections(const ResolvedFlow& f) {
    // Transfers start at start, start + every, … while before the stop.
    return f.size_bytes && f.every_s && f.start_s + *f.every_s < f.stop_s;
}

std::string tsg_title(const ResolvedFlow& f, const std::string& where) {
    return "Time-sequence graph of " + f.label + where + (opens_several_connections(f) ? ", its first connection" : "");
}

}  // namespace inflight::cli
