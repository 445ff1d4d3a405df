// One scenario parameter as text: reading what a person typed on the
// command line or wrote as a string in a scenario file ("80ms", "cubic",
// "on"), and writing a value back exactly or readably. Each parameter's
// reading and writing follow its row of the parameter table, so they live
// beside it: set_param_from_text(), param_exact_text(), param_human_text(),
// exact_number() and param_unit() are declared in model/core/parameters.h.
#pragma once

#include "model/core/parameters.h"
