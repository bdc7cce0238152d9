#pragma once
// The lessons' views (titles, axis labels, legends, table columns, fact labels) in the current
// language. The lesson code builds them in English; the shell keeps that copy and shows one run
// through tr() (strings_zh_cn_views.cpp), so a language switch needs no new run. Words the table
// lacks — titles with numbers in them, say — stay English.
#include <vector>

#include "views.h"

namespace cudalab::app::i18n {

std::vector<lessons::View> localized_views(const std::vector<lessons::View>& english);

}  // namespace cudalab::app::i18n
