// Small helpers the command-line tests share: text checks, reading a file
// and a JSON object back, the whole program (cli.h) run on a list of
// arguments with string streams for stdout and stderr, and a real binary
// run as a user runs it.
#pragma once

#include <gtest/gtest.h>

#include <signal.h>

#include <QElapsedTimer>
#include <QFile>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <algorithm>
#include <sstream>
#include <string>
#include <vector>

#include "app/cli/cli.h"

namespace cli_test {

inline bool contains(const std::string& text, const std::string& part) { return text.find(part) != std::string::npos; }

// A command line's words, split at spaces (no quoting: for lines without quoted words).
inline std::vector<std::string> split_words(const std::string& line) {
    std::istringstream in(line);
    std::vector<std::string> words;
    for (std::string w; in >> w;) words.push_back(w);
    return words;
}

inline std::size_t line_count(const std::string& text) {
    return static_cast<std::size_t>(std::count(text.begin(), text.end(), '\n'));
}

// The JSON object in `text` (a failure when it is not one).
inline QJsonObject json_of(const std::string& text) {
    QJsonParseError err{};
    const QJsonDocument doc = QJsonDocument::fromJson(QByteArray::fromStdString(text), &err);
    EXPECT_EQ(err.error, QJsonParseError::NoError) << text;
    return doc.object();
}

// The file's bytes, or "" when it cannot be read.
inline std::string read_all(const QString& path) {
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly)) return {};
    return f.readAll().toStdString();
}

struct Dispatched {
    int code = -1;
    std::string out, err;
};

// The whole program on `args` (after "inflight"), without a Ctrl-C flag.
inline Dispatched dispatch_of(std::vector<std::string> args, const inflight::cli::Frontends& frontends = {}) {
    args.insert(args.begin(), "inflight");
    std::vector<char*> argv;
    for (std::string& a : args) argv.push_back(a.data());
    argv.push_back(nullptr);
    std::ostringstream out, err;
    Dispatched d;
    d.code = inflight::cli::dispatch(static_cast<int>(args.size()), argv.data(), inflight::cli::Io{out, err, nullptr},
                                     frontends);
    d.out = out.str();
    d.err = err.str();
    return d;
}

struct Ran {
    int exit_code = -1;  // -1: it did not exit normally
    std::string out, err;
    qint64 pid = 0;
    double seconds = 0;  // from the start, or from the SIGINT when one was sent
};

// Runs `program` with the offscreen platform; with interrupt_after_ms >= 0,
// sends it SIGINT after that long (as Ctrl-C would).
inline Ran run_program(const QString& program, const QStringList& args, int interrupt_after_ms = -1) {
    QProcess p;
    p.setProgram(program);
    p.setArguments(args);
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    env.insert("QT_QPA_PLATFORM", "offscreen");
    p.setProcessEnvironment(env);
    QElapsedTimer clock;
    clock.start();
    p.start();
    EXPECT_TRUE(p.waitForStarted(10000)) << program.toStdString();
    Ran r;
    r.pid = p.processId();
    if (interrupt_after_ms >= 0) {
        p.waitForFinished(interrupt_after_ms);
        ::kill(static_cast<pid_t>(r.pid), SIGINT);
        clock.restart();
    }
    EXPECT_TRUE(p.waitForFinished(120000));
    r.seconds = static_cast<double>(clock.elapsed()) / 1000.0;
    r.exit_code = p.exitStatus() == QProcess::NormalExit ? p.exitCode() : -1;
    r.out = p.readAllStandardOutput().toStdString();
    r.err = p.readAllStandardError().toStdString();
    return r;
}

}  // namespace cli_test
