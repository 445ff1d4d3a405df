// GoogleTest's main with a QCoreApplication: QProcess and QTemporaryDir want one;
// the command line itself does not. Shared by inflight_cli_tests and
// sweep_cli_tests (tests/support/CMakeLists.txt).
#include <QCoreApplication>
#include <gtest/gtest.h>

int main(int argc, char** argv) {
    QCoreApplication app(argc, argv);
    ::testing::InitGoogleTest(&argc, argv);
    return RUN_ALL_TESTS();
}
