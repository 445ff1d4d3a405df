// What differs between the model's run and a capture's stream, in words:
// the throughput (each over its second half), the mean RTT and the
// retransmissions (whole run and whole stream, with their share of the
// segments sent), then the largest gap of throughput and RTT as a
// sentence when it is over 10%, with what may explain it (what did, when
// the capture shows its sender waiting for its application; for a model
// of a request/response exchange, the ACK policy and the server, and the
// linux stack when the model's is textbook).
#pragma once

#include <QStringList>

#include "model/core/result.h"

namespace inflight::ui {

QStringList capture_differences(const RunResult& model, const RunResult& capture, const QString& label);

}  // namespace inflight::ui
