// The file dialogs' folder rule and the dialogs themselves. A save to
// /proc/x.json used to leave /proc remembered, and every later dialog opened
// there and hung the window for good (Qt's default icon provider reads each
// file's first bytes to name its type, and /proc/kmsg blocks until the
// kernel logs again). The rule: only a writable directory that is not one
// of the kernel's trees is remembered or opened; the dialogs never read a
// file to draw it.
#include <QApplication>
#include <QDir>
#include <QFile>
#include <QFileDialog>
#include <QFileIconProvider>
#include <QTemporaryDir>
#include <QTest>
#include <QTimer>
#include <gtest/gtest.h>

#include "ui/export/file_dialogs.h"

using namespace inflight::ui;

namespace {

// Where a dialog should start when the remembered folder is refused.
QString fallback() { return folder_takes_files(QDir::homePath()) ? QDir::homePath() : QDir::tempPath(); }

// Runs `ask` while a timer inspects the dialog it opens, then cancels it.
struct SeenDialog {
    bool found = false;
    QString directory;
    QString file_name;
    bool native = true;
    QString type_of_sniffed;  // the dialog's icon provider's type for a file named without a suffix
};

SeenDialog watch(const std::function<QString()>& ask, const QString& sniffed_file) {
    SeenDialog seen;
    QTimer::singleShot(200, [&] {
        auto* d = qobject_cast<QFileDialog*>(QApplication::activeModalWidget());
        if (!d) return;
        seen.found = true;
        seen.directory = d->directory().absolutePath();
        seen.native = !d->testOption(QFileDialog::DontUseNativeDialog);
        if (!d->selectedFiles().isEmpty()) seen.file_name = QFileInfo(d->selectedFiles().front()).fileName();
        if (d->iconProvider()) seen.type_of_sniffed = d->iconProvider()->type(QFileInfo(sniffed_file));
        d->reject();
    });
    EXPECT_TRUE(ask().isEmpty());  // cancelled
    return seen;
}

// A file whose name says nothing and whose first bytes say PDF: a provider
// that reads files calls it a PDF document.
QString write_pdf_without_suffix(const QTemporaryDir& tmp) {
    const QString path = tmp.filePath("notes");
    QFile f(path);
    EXPECT_TRUE(f.open(QIODevice::WriteOnly));
    f.write("%PDF-1.4\n%\xe2\xe3\xcf\xd3\n1 0 obj\n<< /Type /Catalog >>\nendobj\n");
    return path;
}

}  // namespace

TEST(FolderRule, TheKernelsTreesTakeNoFiles) {
    for (const char* dir : {"/proc", "/proc/self", "/proc/sys/net", "/sys", "/sys/kernel", "/dev", "/dev/shm"})
        EXPECT_FALSE(folder_takes_files(QString::fromLatin1(dir))) << dir;
}

TEST(FolderRule, AWritableDirectoryTakesFilesAndNothingElseDoes) {
    QTemporaryDir tmp;
    ASSERT_TRUE(tmp.isValid());
    EXPECT_TRUE(folder_takes_files(tmp.path()));
    QFile f(tmp.filePath("plain.json"));
    ASSERT_TRUE(f.open(QIODevice::WriteOnly));
    f.close();
    EXPECT_FALSE(folder_takes_files(tmp.filePath("plain.json")));  // a file, not a folder
    EXPECT_FALSE(folder_takes_files(tmp.filePath("gone")));        // not there
    EXPECT_FALSE(folder_takes_files(QString()));
    // A link into /proc is /proc.
    ASSERT_TRUE(QFile::link("/proc", tmp.filePath("kernel")));
    EXPECT_FALSE(folder_takes_files(tmp.filePath("kernel")));
}

TEST(FolderRule, ARefusedFolderIsNeitherRememberedNorOpened) {
    // At save: the folder of /proc/x.json is not kept, a temporary one is.
    EXPECT_TRUE(folder_to_remember("/proc/x.json").isEmpty());
    EXPECT_TRUE(folder_to_remember("/sys/kernel/x.csv").isEmpty());
    EXPECT_TRUE(folder_to_remember("/dev/x.png").isEmpty());
    QTemporaryDir tmp;
    ASSERT_TRUE(tmp.isValid());
    EXPECT_EQ(folder_to_remember(tmp.filePath("x.json")), QFileInfo(tmp.path()).absoluteFilePath());
    // At load: /proc remembered by an older version, or a folder since
    // removed, starts the dialog at home instead.
    EXPECT_EQ(start_folder("/proc"), fallback());
    EXPECT_EQ(start_folder(tmp.filePath("gone")), fallback());
    EXPECT_EQ(start_folder(tmp.path()), QFileInfo(tmp.path()).absoluteFilePath());
}

TEST(SafeIcons, TheTypeOfAFileIsNamedWithoutReadingIt) {
    QTemporaryDir tmp;
    ASSERT_TRUE(tmp.isValid());
    const QString notes = write_pdf_without_suffix(tmp);
    // Qt's own provider opens the file to name it (what froze in /proc).
    ASSERT_TRUE(QFileIconProvider().type(QFileInfo(notes)).contains("PDF", Qt::CaseInsensitive))
        << QFileIconProvider().type(QFileInfo(notes)).toStdString();
    std::unique_ptr<QAbstractFileIconProvider> safe(make_safe_icon_provider());
    EXPECT_FALSE(safe->type(QFileInfo(notes)).contains("PDF", Qt::CaseInsensitive))
        << safe->type(QFileInfo(notes)).toStdString();
    // A suffix still names the type, and a folder is a folder.
    QFile json(tmp.filePath("scenario.json"));
    ASSERT_TRUE(json.open(QIODevice::WriteOnly));
    json.close();
    EXPECT_TRUE(safe->type(QFileInfo(json.fileName())).contains("JSON", Qt::CaseInsensitive))
        << safe->type(QFileInfo(json.fileName())).toStdString();
    EXPECT_FALSE(safe->icon(QFileInfo(tmp.path())).isNull());
}

TEST(SafeDialogs, ASaveDialogAskedForProcOpensAtHomeWithTheSafeProvider) {
    QTemporaryDir tmp;
    ASSERT_TRUE(tmp.isValid());
    const QString notes = write_pdf_without_suffix(tmp);
    const SeenDialog seen =
        watch([] { return ask_save_file(nullptr, "Save scenario", "/proc/x.json", "Scenario (*.json)"); }, notes);
    ASSERT_TRUE(seen.found);
    EXPECT_EQ(seen.directory, fallback());
    EXPECT_EQ(seen.file_name, "x.json");
    EXPECT_FALSE(seen.native);
    EXPECT_FALSE(seen.type_of_sniffed.isEmpty());
    EXPECT_FALSE(seen.type_of_sniffed.contains("PDF", Qt::CaseInsensitive)) << seen.type_of_sniffed.toStdString();
}

TEST(SafeDialogs, AnOpenDialogStartsInAGoodRememberedFolder) {
    QTemporaryDir tmp;
    ASSERT_TRUE(tmp.isValid());
    const QString notes = write_pdf_without_suffix(tmp);
    const SeenDialog seen =
        watch([&] { return ask_open_file(nullptr, "Open scenario", tmp.path(), "Scenario (*.json)"); }, notes);
    ASSERT_TRUE(seen.found);
    EXPECT_EQ(seen.directory, QFileInfo(tmp.path()).absoluteFilePath());
    EXPECT_FALSE(seen.native);
}

// Browsing into /proc inside the dialog and closing it returns: nothing
// there is read (before, the close waited on a read of /proc/kmsg).
TEST(SafeDialogs, BrowsingIntoProcAndClosingDoesNotHang) {
    bool visited = false;
    QTimer::singleShot(200, [&] {
        auto* d = qobject_cast<QFileDialog*>(QApplication::activeModalWidget());
        if (!d) return;
        d->setDirectory("/proc");
        QTest::qWait(1500);  // the model lists /proc and names every entry
        visited = d->directory().absolutePath() == "/proc";
        d->reject();
    });
    EXPECT_TRUE(ask_open_file(nullptr, "Open scenario", QDir::tempPath(), "All files (*)").isEmpty());
    EXPECT_TRUE(visited);
}
