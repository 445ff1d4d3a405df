// Every window test starts in the light look, as the application does: a
// test that ends with the dark or the presentation palette still applied
// (a failed ASSERT before its own restore, a window that remembered the
// dark look in its settings) would otherwise hand it to whichever test runs
// next, and which test that is depends on the shard. The listener names
// the test that left it, on standard error, and puts the light look back.
#pragma once

#include <QApplication>
#include <QPalette>
#include <cstdio>
#include <utility>
#include <gtest/gtest.h>

#include "ui/shell/themes.h"

namespace inflight::ui::test {

class LookReset : public ::testing::EmptyTestEventListener {
public:
    // `light`: the application's palette in the light look, as main set it.
    explicit LookReset(QPalette light) : light_(std::move(light)) {}
    void OnTestEnd(const ::testing::TestInfo& info) override {
        if (QApplication::palette() == light_) return;
        std::fprintf(stderr, "look_reset: %s.%s ended with the look changed; the light look is put back\n",
                     info.test_suite_name(), info.name());
        apply_theme(Theme::Light);
    }

private:
    QPalette light_;
};

}  // namespace inflight::ui::test
