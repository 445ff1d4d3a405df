// Writing an export file so that it is either complete or absent: the text
// goes to a temporary file beside the target, which is renamed over it only
// when every byte is on disk (QSaveFile). An unwritable path or a full disk
// leaves no partial file and no temporary behind.
#pragma once

#include <optional>
#include <string>

namespace inflight {

// Checks before a run that `path` can be written: not empty, not a
// directory, its directory exists and takes a new file (tried with one,
// removed at once). Returns one line such as
// "cannot write 'x/y.csv': directory 'x' does not exist".
std::optional<std::string> check_output_path(const std::string& path);

// Writes `contents` to `path` atomically. Returns one line such as
// "cannot write '/proc/x.csv': Permission denied" on failure.
// A path that exists and is not a regular file (/dev/stdout, a pipe) is
// written directly, as replacing it would be wrong.
std::optional<std::string> write_file_atomically(const std::string& path, const std::string& contents);

}  // namespace inflight
