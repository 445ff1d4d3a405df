// The one path every subcommand that runs takes once its arguments are read:
// run (an exception or Ctrl-C is one line, and nothing is written), print
// the summary or JSON, write each requested file atomically, render the
// picture; each failure is one line on stderr, and the exit code says
// whether any happened.
#pragma once

#include <exception>
#include <functional>
#include <optional>
#include <string>
#include <string_view>

#include "app/cli/io.h"

namespace inflight::cli {

// Runs work(io.cancel); `what` names it in "inflight: the run failed: ...".
template <class Result, class Work>
std::optional<Result> run_guarded(const Io& io, std::string_view what, Work&& work) {
    std::optional<Result> result;
    try {
        result = work(io.cancel);
    } catch (const std::exception& e) {
        io.err << "inflight: " << what << " failed: " << e.what() << "\n";
        return std::nullopt;
    }
    if (result->cancelled) {
        io.err << "inflight: cancelled at your request; nothing written\n";
        return std::nullopt;
    }
    return result;
}

// After a run: the text on stdout, then the files; remembers any failure.
class Outputs {
public:
    explicit Outputs(const Io& io) : io_(io) {}
    void print(const std::string& text);
    // Writes text() to `path` atomically, or to standard output for "-";
    // nothing when the path is empty.
    void write(std::string_view option, const std::string& path, const std::function<std::string()>& text);
    // draw(&error) returns 0 or non-zero with a reason (may be empty).
    void render(std::string_view option, const std::function<int(std::string* error)>& draw);
    int exit_code() const { return failed_ ? kExitFailure : kExitOk; }

private:
    void failure(std::string_view option, const std::string& why);
    const Io& io_;
    bool failed_ = false;
};

// "inflight: --png: <why>" for a picture this build cannot draw, checked
// before the run; returns kExitUsage.
int cannot_render(const Io& io, std::string_view option, std::string_view why);

}  // namespace inflight::cli
