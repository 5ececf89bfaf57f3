// The mail catalogues, one file per language (lang_en.cpp, lang_de.cpp, lang_es.cpp); read
// them through core/notify/lang.h. Every catalogue has exactly the keys of English
// (tests/unit/mail_language_test.cpp).
#pragma once

#include <span>

#include "core/notify/lang.h"

namespace corrchess::notify {

std::span<const CatalogueEntry> catalogue_en();
std::span<const CatalogueEntry> catalogue_de();
std::span<const CatalogueEntry> catalogue_es();

}  // namespace corrchess::notify
