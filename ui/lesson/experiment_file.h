// Guided experiments from JSON files: the built-in ones (":/inflight/
// experiments/*.json", compiled in through the qrc) and a user folder where
// a lecturer drops more without recompiling. The format is in the README
// ("Guided experiments"). A file is taken whole or refused whole: any
// problem gives one line naming the file, where in it, and what is wrong.
#pragma once

#include <QByteArray>
#include <QString>
#include <QStringList>
#include <variant>
#include <vector>

#include "ui/lesson/experiment.h"

namespace inflight::ui {

// Files larger than this are refused unread.
inline constexpr qint64 kMaxExperimentFileBytes = 256 * 1024;

// Parses one experiment; `source` names it in errors and in the result.
// Returns the experiment, or an error line "SOURCE: WHERE: PROBLEM".
std::variant<Experiment, QString> parse_experiment(const QByteArray& json, const QString& source);
std::variant<Experiment, QString> load_experiment_file(const QString& path);

struct ExperimentSet {
    std::vector<Experiment> experiments;  // built-in first (by file name), then the user's
    QStringList errors;                   // one line per refused file
};

// The built-in experiments and every *.json in `user_dir` (if it exists).
ExperimentSet load_all_experiments(const QString& user_dir);
// Where a lecturer puts their own: <AppDataLocation>/experiments.
QString user_experiments_dir();

}  // namespace inflight::ui
