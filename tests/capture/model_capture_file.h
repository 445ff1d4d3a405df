// The model's capture of a scenario written to a file, as `inflight run
// --pcap` writes it: the tests that read a capture back start from one
// whose path and flows they chose.
#pragma once

#include <gtest/gtest.h>

#include <string>

#include "app/capture/model_capture.h"
#include "app/capture/pcap_file_writer.h"
#include "model/engine/run.h"

namespace capture_test {

// Runs `s` with its capture written to `path`; the run (an empty one, and a
// test failure, when the file cannot be written).
inline inflight::RunResult write_model_capture(const inflight::Scenario& s, const std::string& path) {
    std::string error;
    auto writer = inflight::capture::PcapFileWriter::open(path, {}, &error);
    EXPECT_TRUE(writer) << error;
    if (!writer) return {};
    inflight::capture::ModelCapture tap(*writer, s);
    inflight::RunControl control;
    control.tap = &tap;
    inflight::RunResult r = inflight::run_scenario(s, control);
    tap.flush();
    EXPECT_FALSE(writer->finish());
    return r;
}

}  // namespace capture_test
