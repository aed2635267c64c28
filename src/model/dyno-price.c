/* dyno-price.c: a target's price as text, both ways
 *
 * Copyright 2026 The Dyno authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n-lib.h>
#include <locale.h>
#include <math.h>
#include <string.h>

#include "dyno-parse.h"
#include "dyno-price.h"
#include "dyno-result.h"

gboolean
dyno_price_parse (const char *text, double *amount, char **currency, GError **error)
{
  g_autofree char *copy = NULL;
  g_autofree char *code = NULL;
  g_auto (GStrv) words = NULL;
  double value;

  g_return_val_if_fail (text != NULL, FALSE);
  g_return_val_if_fail (amount != NULL && currency != NULL, FALSE);

  copy = g_strstrip (g_strdup (text));
  {
    /* Repeated spaces make empty words: leave them out. */
    g_auto (GStrv) split = g_strsplit_set (copy, " \t", -1);
    g_autoptr (GStrvBuilder) builder = g_strv_builder_new ();

    for (guint i = 0; split[i] != NULL; i++)
      if (split[i][0] != '\0')
        g_strv_builder_add (builder, split[i]);
    words = g_strv_builder_end (builder);
  }
  if (words[0] == NULL || g_strv_length (words) > 2)
    {
      g_set_error (error, G_OPTION_ERROR, G_OPTION_ERROR_BAD_VALUE,
                   _("“%s” is not an amount and a currency code, such as “1500 USD”"), text);
      return FALSE;
    }
  /* dyno_parse_decimal, not g_ascii_strtod (): that refused the German "1500,50" (reading
   * 1500 and leaving ",50") and took hex ("0x10"), "inf" and "nan", none of which is a price. */
  if (!dyno_parse_decimal (words[0], &value))
    {
      g_set_error (error, G_OPTION_ERROR, G_OPTION_ERROR_BAD_VALUE,
                   /* Translators: %s is what was typed as a price's amount, such as "0x10" */
                   _("“%s” is not an amount: give digits and at most one decimal separator, "
                     "such as 1500 or 1499.99"), words[0]);
      return FALSE;
    }
  if (value <= 0)
    {
      g_set_error (error, G_OPTION_ERROR, G_OPTION_ERROR_BAD_VALUE,
                   _("“%s” is not an amount larger than zero"), words[0]);
      return FALSE;
    }
  if (words[1] != NULL)
    {
      code = g_ascii_strup (words[1], -1);
      if (!dyno_price_currency_is_valid (code))
        {
          g_set_error (error, G_OPTION_ERROR, G_OPTION_ERROR_BAD_VALUE,
                       _("“%s” is not a currency code of three letters, such as USD or EUR"),
                       words[1]);
          return FALSE;
        }
    }
  *amount = value;
  g_free (*currency);
  *currency = g_steal_pointer (&code);
  return TRUE;
}

char *
dyno_price_locale_currency (void)
{
  const struct lconv *conv = localeconv ();
  g_autofree char *code = NULL;

  if (conv == NULL || conv->int_curr_symbol == NULL || strlen (conv->int_curr_symbol) < 3)
    return NULL;
  code = g_strndup (conv->int_curr_symbol, 3);
  if (!dyno_price_currency_is_valid (code))
    return NULL;
  return g_steal_pointer (&code);
}

char *
dyno_price_format (double amount, const char *currency)
{
  char number[G_ASCII_DTOSTR_BUF_SIZE];

  g_return_val_if_fail (currency != NULL, NULL);

  /* %g keeps 1500 as "1500" and 1499.99 as "1499.99", in the C locale's notation. */
  g_ascii_formatd (number, sizeof number, "%.15g", amount);
  return g_strdup_printf ("%s %s", number, currency);
}
