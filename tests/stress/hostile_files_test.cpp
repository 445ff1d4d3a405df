// Files that cannot be written and files that should not be read: exports
// to an unwritable folder, to a directory, to /dev/full and onto a full disk
// give one clear line and leave no partial file; a 100 MB or deeply nested
// scenario or experiment file is refused quickly with a message.
#include <gtest/gtest.h>

#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include <QDir>
#include <QElapsedTimer>
#include <QFile>
#include <QFileInfo>
#include <QTemporaryDir>
#include <csignal>
#include <variant>

#include "app/formats/atomic_write.h"
#include "ui/lesson/experiment_file.h"
#include "ui/export/exporter.h"
#include "model/engine/run.h"
#include "app/formats/scenario_file.h"

namespace {

using namespace inflight;

bool contains(const QString& s, const char* part) { return s.contains(QLatin1String(part)); }
bool contains(const std::string& s, const std::string& part) { return s.find(part) != std::string::npos; }

// A short real run, so the CSV has rows.
const RunResult& small_result() {
    static const RunResult r = [] {
        Scenario s;
        s.duration_s = 2;
        return run_scenario(s);
    }();
    return r;
}

QStringList everything_in(const QString& dir) {
    return QDir(dir).entryList(QDir::AllEntries | QDir::Hidden | QDir::System | QDir::NoDotAndDotDot);
}

TEST(HostileExport, UnwritableFolderGivesOneLineAndNoFile) {
    // /proc takes no new files even from root (CI runs as root).
    const QString path = "/proc/inflight-stress-trace.csv";
    const auto err = ui::save_trace_csv(small_result(), path);
    ASSERT_TRUE(err.has_value());
    EXPECT_TRUE(err->startsWith("cannot write '" + path + "'")) << err->toStdString();
    EXPECT_FALSE(err->contains('\n'));
    EXPECT_FALSE(QFileInfo::exists(path));

    if (geteuid() == 0) return;  // root writes through permission bits
    QTemporaryDir dir;
    ASSERT_TRUE(QFile::setPermissions(dir.path(), QFile::ReadOwner | QFile::ExeOwner));
    const QString inside = dir.filePath("trace.csv");
    const auto err2 = ui::save_trace_csv(small_result(), inside);
    QFile::setPermissions(dir.path(), QFile::ReadOwner | QFile::WriteOwner | QFile::ExeOwner);
    ASSERT_TRUE(err2.has_value());
    EXPECT_TRUE(err2->startsWith("cannot write '" + inside + "'")) << err2->toStdString();
    EXPECT_EQ(everything_in(dir.path()), QStringList{});
}

TEST(HostileExport, PathThatIsADirectoryGivesOneLineAndTouchesNothing) {
    QTemporaryDir dir;
    const QString target = dir.filePath("plots.csv");
    ASSERT_TRUE(QDir().mkdir(target));
    for (const auto& err : {ui::save_trace_csv(small_result(), target), ui::save_events_csv(small_result(), target)}) {
        ASSERT_TRUE(err.has_value());
        EXPECT_EQ(*err, "cannot write '" + target + "': is a directory");
    }
    EXPECT_TRUE(QFileInfo(target).isDir());
    EXPECT_EQ(everything_in(target), QStringList{});
    EXPECT_EQ(everything_in(dir.path()), QStringList{"plots.csv"});
}

TEST(HostileExport, DevFullSaysTheDiskIsFull) {
    ASSERT_TRUE(QFileInfo::exists("/dev/full"));
    const auto err = ui::save_trace_csv(small_result(), "/dev/full");
    ASSERT_TRUE(err.has_value()) << "writing to /dev/full reported success";
    EXPECT_TRUE(err->startsWith("cannot write '/dev/full': ")) << err->toStdString();
    EXPECT_TRUE(err->contains("No space left on device")) << err->toStdString();
    EXPECT_FALSE(err->contains('\n'));
    // Still the device, not replaced by a file.
    EXPECT_FALSE(QFileInfo("/dev/full").isFile());
    // The same through the command line's writer, with a small text that
    // fits in any write buffer.
    const auto small = write_file_atomically("/dev/full", "x\n");
    ASSERT_TRUE(small.has_value()) << "a short write to /dev/full reported success";
    EXPECT_TRUE(contains(*small, "No space left on device")) << *small;
}

// A regular file on a disk that fills up half way: the file-size limit
// (RLIMIT_FSIZE) stands in for the full disk, in a child process so the
// limit does not outlive the test. The old file must survive whole and no
// temporary may be left beside it.
TEST(HostileExport, DiskFullHalfWayLeavesTheOldFileWholeAndNoTemporary) {
    QTemporaryDir dir;
    const QString target = dir.filePath("trace.csv");
    {
        QFile old(target);
        ASSERT_TRUE(old.open(QIODevice::WriteOnly));
        old.write("old complete file\n");
    }
    const std::string big(4 << 20, 'x');  // 4 MB against a 64 KB limit
    fflush(nullptr);
    const pid_t pid = fork();
    ASSERT_GE(pid, 0);
    if (pid == 0) {
        std::signal(SIGXFSZ, SIG_IGN);  // get EFBIG instead of being killed
        rlimit lim{64 * 1024, 64 * 1024};
        setrlimit(RLIMIT_FSIZE, &lim);
        const auto err = write_file_atomically(target.toStdString(), big);
        // 0: refused with one line naming the path; 1: reported success; 2: bad message
        _exit(!err ? 1 : (contains(*err, "cannot write '" + target.toStdString() + "'") && !contains(*err, "\n")) ? 0 : 2);
    }
    int status = 0;
    ASSERT_EQ(waitpid(pid, &status, 0), pid);
    ASSERT_TRUE(WIFEXITED(status));
    EXPECT_EQ(WEXITSTATUS(status), 0) << "1: a write past the limit reported success; 2: unclear message";
    QFile f(target);
    ASSERT_TRUE(f.open(QIODevice::ReadOnly));
    EXPECT_EQ(f.readAll(), QByteArray("old complete file\n"));
    EXPECT_EQ(everything_in(dir.path()), QStringList{"trace.csv"});
}

// A sparse 100 MB file costs no disk and no time to make.
QString sparse_file(const QTemporaryDir& dir, const char* name, qint64 size) {
    const QString path = dir.filePath(name);
    QFile f(path);
    if (!f.open(QIODevice::WriteOnly) || !f.write("{\"rtt\": \"80ms\", ", 16) || !f.resize(size)) return {};
    return path;
}

std::string deeply_nested(const char* key, int depth) {
    return std::string("{\"") + key + "\": " + std::string(depth, '[') + std::string(depth, ']') + "}";
}

TEST(HostileScenario, HundredMegabyteFileIsRefusedQuickly) {
    QTemporaryDir dir;
    const QString path = sparse_file(dir, "huge.json", 100 << 20);
    ASSERT_FALSE(path.isEmpty());
    QElapsedTimer t;
    t.start();
    Scenario s;
    const auto err = load_scenario_file(path.toStdString(), s);
    EXPECT_LT(t.elapsed(), 1000);
    ASSERT_TRUE(err.has_value());
    EXPECT_TRUE(contains(*err, path.toStdString())) << *err;
    EXPECT_TRUE(contains(*err, "larger than")) << *err;
    EXPECT_TRUE(s == Scenario{});
}

TEST(HostileScenario, DeeplyNestedJsonIsRefusedQuickly) {
    for (int depth : {100, 2000, 400'000}) {  // 400,000 deep is 800 KB, under the size limit
        QTemporaryDir dir;
        const QString path = dir.filePath("nested.json");
        QFile f(path);
        ASSERT_TRUE(f.open(QIODevice::WriteOnly));
        f.write(QByteArray::fromStdString(deeply_nested("rtt", depth)));
        f.close();
        QElapsedTimer t;
        t.start();
        Scenario s;
        const auto err = load_scenario_file(path.toStdString(), s);
        EXPECT_LT(t.elapsed(), 2000) << depth;
        ASSERT_TRUE(err.has_value()) << depth;
        EXPECT_TRUE(contains(*err, path.toStdString())) << *err;
        EXPECT_FALSE(contains(*err, "\n"));
        EXPECT_TRUE(s == Scenario{});
    }
}

TEST(HostileExperiment, HundredMegabyteFileIsRefusedQuickly) {
    QTemporaryDir dir;
    const QString path = sparse_file(dir, "huge.json", 100 << 20);
    ASSERT_FALSE(path.isEmpty());
    QElapsedTimer t;
    t.start();
    const auto r = ui::load_experiment_file(path);
    EXPECT_LT(t.elapsed(), 1000);
    ASSERT_TRUE(std::holds_alternative<QString>(r));
    EXPECT_TRUE(std::get<QString>(r).startsWith(path)) << std::get<QString>(r).toStdString();
    EXPECT_TRUE(contains(std::get<QString>(r), "too large")) << std::get<QString>(r).toStdString();
}

TEST(HostileExperiment, DeeplyNestedJsonIsRefusedQuickly) {
    for (int depth : {2000, 100'000}) {
        QElapsedTimer t;
        t.start();
        const auto r = ui::parse_experiment(QByteArray::fromStdString(deeply_nested("steps", depth)), "nested.json");
        EXPECT_LT(t.elapsed(), 2000) << depth;
        ASSERT_TRUE(std::holds_alternative<QString>(r)) << depth;
        EXPECT_TRUE(std::get<QString>(r).startsWith("nested.json: ")) << std::get<QString>(r).toStdString();
    }
}

// A device that never ends (a lecturer's typo, or a hostile name) is read
// no further than the size limit.
TEST(HostileFiles, EndlessDevicesAreRefusedNotReadForever) {
    QElapsedTimer t;
    t.start();
    Scenario s;
    const auto err = load_scenario_file("/dev/zero", s);
    ASSERT_TRUE(err.has_value());
    EXPECT_TRUE(contains(*err, "/dev/zero")) << *err;
    const auto r = ui::load_experiment_file("/dev/zero");
    ASSERT_TRUE(std::holds_alternative<QString>(r));
    EXPECT_TRUE(std::get<QString>(r).startsWith("/dev/zero")) << std::get<QString>(r).toStdString();
    EXPECT_LT(t.elapsed(), 2000);
}

}  // namespace
