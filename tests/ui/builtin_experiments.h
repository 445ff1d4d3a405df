// The built-in guided experiments by id, for tests that read their steps.
#pragma once

#include <string>

#include <gtest/gtest.h>

#include "ui/lesson/experiment_file.h"

namespace inflight::ui::test {

// The built-in experiment `id`; a test failure (and an empty experiment)
// when there is none.
inline const Experiment& builtin_experiment(const std::string& id) {
    static const ExperimentSet set = load_all_experiments(QString());
    for (const Experiment& e : set.experiments)
        if (e.id == id) return e;
    ADD_FAILURE() << "no built-in experiment " << id << "; errors: " << set.errors.join('\n').toStdString();
    static const Experiment none;
    return none;
}

}  // namespace inflight::ui::test
