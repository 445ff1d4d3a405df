// Printing and writing after a run (run_print_write.h).
#include "app/cli/run_print_write.h"

#include "app/cli/options.h"
#include "app/formats/atomic_write.h"

namespace inflight::cli {

void Outputs::print(const std::string& text) {
    io_.out << text;
    io_.out.flush();
}

void Outputs::write(std::string_view option, const std::string& path, const std::function<std::string()>& text) {
    if (path.empty()) return;
    if (is_standard_output(path)) {
        io_.out << text();
        io_.out.flush();
        if (!io_.out) failure(option, "cannot write to standard output");
        return;
    }
    if (auto err = write_file_atomically(path, text())) failure(option, *err);
}

void Outputs::render(std::string_view option, const std::function<int(std::string* error)>& draw) {
    std::string error;
    if (draw(&error) != 0) failure(option, error.empty() ? "rendering failed" : error);
}

void Outputs::failure(std::string_view option, const std::string& why) {
    io_.err << "inflight: " << option << ": " << why << "\n";
    failed_ = true;
}

int cannot_render(const Io& io, std::string_view option, std::string_view why) {
    io.err << "inflight: " << option << ": " << why << "\n";
    return kExitUsage;
}

}  // namespace inflight::cli
