#include "app/formats/atomic_write.h"

#include <QFile>
#include <QFileInfo>
#include <QSaveFile>
#include <QStorageInfo>
#include <QTemporaryFile>
#include <cerrno>
#include <cstring>

namespace inflight {
namespace {

std::string cannot_write(const std::string& path, const std::string& reason) {
    return "cannot write '" + path + "': " + reason;
}

// Why a write failed, in words. Qt 6.4's QSaveFile says "Unknown error"
// when the disk fills as it flushes or commits; then the system's own
// words for errno, taken right after the failing call, or the free space
// of the file's filesystem against the size written.
std::string why(const QFileDevice& file, int saved_errno, const std::string& path, std::size_t size) {
    const std::string qt = file.errorString().toStdString();
    if (!qt.empty() && qt != "Unknown error") return qt;
    if (saved_errno != 0) return std::strerror(saved_errno);
    const QStorageInfo storage(QFileInfo(QString::fromStdString(path)).absolutePath());
    if (storage.isValid() && storage.bytesAvailable() < static_cast<qint64>(size))
        return "no space left on the device (" + std::to_string(storage.bytesAvailable()) + " bytes free, " +
               std::to_string(size) + " to write)";
    return qt.empty() ? std::string("the write failed") : qt;
}

// Writes everything or reports why not.
template <class File>
std::optional<std::string> write_all(File& file, const std::string& path, const std::string& contents) {
    const qint64 size = static_cast<qint64>(contents.size());
    errno = 0;
    if (file.write(contents.data(), size) != size) return cannot_write(path, why(file, errno, path, contents.size()));
    return std::nullopt;
}

}  // namespace

std::optional<std::string> check_output_path(const std::string& path) {
    if (path.empty()) return std::string("cannot write '': empty file name");
    const QFileInfo info(QString::fromStdString(path));
    if (info.isDir()) return cannot_write(path, "is a directory");
    const QFileInfo dir(info.absolutePath());
    std::string quoted_dir = "'";
    quoted_dir += info.absolutePath().toStdString();
    quoted_dir += "'";
    if (!dir.exists()) return cannot_write(path, "directory " + quoted_dir + " does not exist");
    if (!dir.isDir()) return cannot_write(path, quoted_dir + " is not a directory");
    // The file is written as a new one beside it, then renamed over it
    // (write_file_atomically): whether the directory takes a new file is
    // tried with one, removed at once. Its mode bits would not answer for
    // root, nor for a read-only mount.
    if (!info.exists() || info.isFile()) {
        QTemporaryFile probe(info.absolutePath() + QStringLiteral("/.inflight-probe-XXXXXX"));
        errno = 0;
        if (!probe.open()) {
            // The system's words say why ("Permission denied", "Read-only
            // file system"), but for ENOENT: the directory was just found,
            // and "No such file or directory" would read as the opposite
            // (/proc answers a new file so).
            const int saved_errno = errno;
            const std::string reason = saved_errno == ENOENT ? std::string() : " (" + probe.errorString().toStdString() + ")";
            return cannot_write(path, "directory " + quoted_dir + " takes no new file" + reason);
        }
    }
    return std::nullopt;
}

std::optional<std::string> write_file_atomically(const std::string& path, const std::string& contents) {
    if (auto err = check_output_path(path)) return err;
    const QString qpath = QString::fromStdString(path);
    const QFileInfo info(qpath);
    if (info.exists() && !info.isFile()) {
        QFile device(qpath);
        if (!device.open(QIODevice::WriteOnly))
            return cannot_write(path, device.errorString().toStdString());
        if (auto err = write_all(device, path, contents)) return err;
        // A short text sits in QFile's buffer until the flush: /dev/full
        // refuses it only then.
        if (!device.flush()) return cannot_write(path, device.errorString().toStdString());
        return std::nullopt;
    }
    QSaveFile file(qpath);
    if (!file.open(QIODevice::WriteOnly)) return cannot_write(path, file.errorString().toStdString());
    if (auto err = write_all(file, path, contents)) {
        file.cancelWriting();
        return err;
    }
    errno = 0;
    if (!file.commit()) return cannot_write(path, why(file, errno, path, contents.size()));
    return std::nullopt;
}

}  // namespace inflight
