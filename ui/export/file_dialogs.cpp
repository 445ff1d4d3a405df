// The folder rule and the dialogs that cannot hang the window (file_dialogs.h).
#include "ui/export/file_dialogs.h"

#include <QDir>
#include <QFileDialog>
#include <QFileIconProvider>
#include <QFileInfo>
#include <QMimeDatabase>

#ifdef Q_OS_LINUX
#include <sys/vfs.h>
#endif

namespace inflight::ui {

namespace {

// The kernel's trees by where they are mounted on every Linux system.
bool under_kernel_tree(const QString& canonical) {
    for (const char* root : {"/proc", "/sys", "/dev"}) {
        const QString r = QString::fromLatin1(root);
        if (canonical == r || canonical.startsWith(r + QLatin1Char('/'))) return true;
    }
    return false;
}

// The kernel's file systems wherever they are mounted (statfs(2)'s f_type;
// the numbers are the file systems' magic numbers from linux/magic.h).
bool on_kernel_file_system(const QString& canonical) {
#ifdef Q_OS_LINUX
    struct statfs fs {};
    if (statfs(QFile::encodeName(canonical).constData(), &fs) != 0) return true;  // unknown: not trusted
    switch (static_cast<unsigned long>(fs.f_type)) {
        case 0x9fa0UL:      // proc
        case 0x62656572UL:  // sysfs
        case 0x1cd1UL:      // devpts
        case 0x64626720UL:  // debugfs
        case 0x74726163UL:  // tracefs
        case 0x27e0ebUL:    // cgroup
        case 0x63677270UL:  // cgroup2
        case 0x73636673UL:  // securityfs
        case 0xcafe4a11UL:  // bpf
        case 0x6e736673UL:  // nsfs
            return true;
        default: return false;
    }
#else
    Q_UNUSED(canonical);
    return false;
#endif
}

// Names and draws an entry from its name and kind alone; never opens it.
class SafeIconProvider : public QFileIconProvider {
public:
    using QFileIconProvider::icon;
    QIcon icon(const QFileInfo& info) const override {
        return QFileIconProvider::icon(info.isDir() ? QFileIconProvider::Folder : QFileIconProvider::File);
    }
    QString type(const QFileInfo& info) const override {
        if (info.isDir()) return QFileDialog::tr("Folder");
        if (info.suffix().isEmpty()) return QFileDialog::tr("File");
        const QMimeType t = QMimeDatabase().mimeTypeForFile(info.fileName(), QMimeDatabase::MatchExtension);
        return t.isDefault() || t.comment().isEmpty() ? QFileDialog::tr("%1 file").arg(info.suffix())
                                                      : t.comment();
    }
};

// `start` as the dialog's first path: its folder made to follow the rule,
// its file name (if any) kept.
QString resolved_start(const QString& start) {
    if (start.isEmpty()) return start_folder(QString());
    const QFileInfo info(start);
    if (info.isDir()) return start_folder(info.absoluteFilePath());
    const QString folder = info.isAbsolute() ? info.absolutePath() : QDir::currentPath();
    return QDir(start_folder(folder)).filePath(info.fileName());
}

QString run_dialog(QWidget* parent, const QString& title, const QString& start, const QString& filter, bool save) {
    SafeIconProvider icons;  // outlives the dialog, which does not own it
    QFileDialog d(parent, title, resolved_start(start), filter);
    d.setOption(QFileDialog::DontUseNativeDialog);
    d.setOption(QFileDialog::DontUseCustomDirectoryIcons);
    d.setIconProvider(&icons);
    d.setAcceptMode(save ? QFileDialog::AcceptSave : QFileDialog::AcceptOpen);
    d.setFileMode(save ? QFileDialog::AnyFile : QFileDialog::ExistingFile);
    if (d.exec() != QDialog::Accepted || d.selectedFiles().isEmpty()) return {};
    return d.selectedFiles().front();
}

}  // namespace

bool folder_takes_files(const QString& dir) {
    if (dir.isEmpty()) return false;
    const QFileInfo info(dir);
    const QString canonical = info.canonicalFilePath();  // empty when it does not exist
    if (canonical.isEmpty() || !info.isDir() || !info.isWritable()) return false;
    return !under_kernel_tree(canonical) && !on_kernel_file_system(canonical);
}

QString start_folder(const QString& remembered) {
    if (folder_takes_files(remembered)) return QFileInfo(remembered).absoluteFilePath();
    if (folder_takes_files(QDir::homePath())) return QDir::homePath();
    return QDir::tempPath();
}

QString folder_to_remember(const QString& path) {
    if (path.isEmpty()) return {};
    const QString folder = QFileInfo(path).absolutePath();
    return folder_takes_files(folder) ? folder : QString();
}

QAbstractFileIconProvider* make_safe_icon_provider() { return new SafeIconProvider; }

QString ask_save_file(QWidget* parent, const QString& title, const QString& start, const QString& filter) {
    return run_dialog(parent, title, start, filter, true);
}

QString ask_open_file(QWidget* parent, const QString& title, const QString& start, const QString& filter) {
    return run_dialog(parent, title, start, filter, false);
}

}  // namespace inflight::ui
