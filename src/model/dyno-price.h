/* dyno-price.h: what a target cost, as a person types it ("1500 USD", "1500")
 *
 * The CLI's --price and the app's Price entry read the same text: an amount in the C
 * locale's notation and an ISO 4217 code, the code defaulting to the locale's currency.
 * The price itself lives in DynoTargetResult (dyno-result.h).
 *
 * Copyright 2026 The Dyno authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

/* "1500 USD", "1500 usd", "  1500.50   EUR ", "1500", and "1500,50 EUR" where the locale's
 * decimal separator is a comma: amount > 0 and finite, digits with at most one decimal point
 * (never hex, an exponent, inf or nan), currency a code of three letters (upper-cased) or,
 * when left out, NULL for the caller to fill in. FALSE with error (G_OPTION_ERROR_BAD_VALUE)
 * when it is not that. */
gboolean dyno_price_parse (const char *text, double *amount, char **currency, GError **error);
/* The locale's currency ("EUR", from localeconv's int_curr_symbol "EUR "); NULL when the
 * locale has none (the C locale). */
char    *dyno_price_locale_currency (void);
/* "1500 USD", "1499.99 EUR": as dyno_price_parse reads it back. */
char    *dyno_price_format (double amount, const char *currency);

G_END_DECLS
