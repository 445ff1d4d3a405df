// The stress tests need an event loop for the run worker (Qt Core only) and,
// for the worst path, a child mode that runs before any test.
#include <gtest/gtest.h>

#include <QCoreApplication>
#include <cstring>

#include "worst_path.h"

int main(int argc, char** argv) {
    for (int i = 1; i < argc; ++i)
        if (std::strcmp(argv[i], inflight::stress::kWorstPathChildArg) == 0)
            return inflight::stress::worst_path_child(argc, argv);
    QCoreApplication app(argc, argv);
    testing::InitGoogleTest(&argc, argv);
    return RUN_ALL_TESTS();
}
