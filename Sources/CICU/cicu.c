#include "CICU.h"

#include <unicode/ubrk.h>
#include <unicode/unorm2.h>
#include <unicode/unum.h>
#include <unicode/uscript.h>
#include <unicode/uspoof.h>
#include <unicode/utrans.h>
#include <unicode/utypes.h>

const char *cicu_status_name(int32_t status) { return u_errorName((UErrorCode)status); }

int32_t cicu_status_buffer_overflow(void) { return U_BUFFER_OVERFLOW_ERROR; }

int32_t cicu_casefold_normalize(const uint16_t *source, int32_t length, uint16_t *destination,
                                int32_t capacity, int32_t *status) {
  UErrorCode error = U_ZERO_ERROR;
  const UNormalizer2 *normalizer = unorm2_getNFKCCasefoldInstance(&error);
  if (U_FAILURE(error)) {
    *status = error;
    return 0;
  }
  int32_t result = unorm2_normalize(normalizer, (const UChar *)source, length,
                                    (UChar *)destination, capacity, &error);
  *status = error;
  return result;
}

cicu_transliterator *cicu_transliterator_open(const uint16_t *identifier, int32_t length,
                                              int32_t *status) {
  UErrorCode error = U_ZERO_ERROR;
  UTransliterator *transliterator =
      utrans_openU((const UChar *)identifier, length, UTRANS_FORWARD, NULL, 0, NULL, &error);
  *status = error;
  if (U_FAILURE(error)) {
    return NULL;
  }
  return (cicu_transliterator *)transliterator;
}

cicu_transliterator *cicu_transliterator_clone(const cicu_transliterator *transliterator,
                                               int32_t *status) {
  UErrorCode error = U_ZERO_ERROR;
  UTransliterator *clone = utrans_clone((const UTransliterator *)transliterator, &error);
  *status = error;
  if (U_FAILURE(error)) {
    return NULL;
  }
  return (cicu_transliterator *)clone;
}

void cicu_transliterator_close(cicu_transliterator *transliterator) {
  utrans_close((UTransliterator *)transliterator);
}

void cicu_transliterator_transliterate(const cicu_transliterator *transliterator, uint16_t *text,
                                       int32_t *length, int32_t capacity, int32_t *status) {
  UErrorCode error = U_ZERO_ERROR;
  int32_t textLength = *length;
  int32_t limit = *length;
  utrans_transUChars((const UTransliterator *)transliterator, (UChar *)text, &textLength, capacity,
                     0, &limit, &error);
  *status = error;
  *length = textLength;
}

cicu_word_breaker *cicu_word_breaker_open(const char *locale, int32_t *status) {
  UErrorCode error = U_ZERO_ERROR;
  UBreakIterator *iterator = ubrk_open(UBRK_WORD, locale, NULL, 0, &error);
  *status = error;
  if (U_FAILURE(error)) {
    return NULL;
  }
  return (cicu_word_breaker *)iterator;
}

cicu_word_breaker *cicu_word_breaker_clone(const cicu_word_breaker *breaker, int32_t *status) {
  UErrorCode error = U_ZERO_ERROR;
  UBreakIterator *clone = ubrk_clone((const UBreakIterator *)breaker, &error);
  *status = error;
  if (U_FAILURE(error)) {
    return NULL;
  }
  return (cicu_word_breaker *)clone;
}

void cicu_word_breaker_close(cicu_word_breaker *breaker) { ubrk_close((UBreakIterator *)breaker); }

void cicu_word_breaker_set_text(cicu_word_breaker *breaker, const uint16_t *text, int32_t length,
                                int32_t *status) {
  UErrorCode error = U_ZERO_ERROR;
  ubrk_setText((UBreakIterator *)breaker, (const UChar *)text, length, &error);
  *status = error;
}

int32_t cicu_word_breaker_first(cicu_word_breaker *breaker) {
  return ubrk_first((UBreakIterator *)breaker);
}

int32_t cicu_word_breaker_next(cicu_word_breaker *breaker) {
  int32_t boundary = ubrk_next((UBreakIterator *)breaker);
  return boundary == UBRK_DONE ? -1 : boundary;
}

int32_t cicu_word_breaker_rule_status(const cicu_word_breaker *breaker) {
  return ubrk_getRuleStatus((UBreakIterator *)breaker);
}

cicu_spellout *cicu_spellout_open(const char *locale, int32_t *status) {
  UErrorCode error = U_ZERO_ERROR;
  UNumberFormat *format = unum_open(UNUM_SPELLOUT, NULL, 0, locale, NULL, &error);
  *status = error;
  if (U_FAILURE(error)) {
    return NULL;
  }
  unum_setAttribute(format, UNUM_LENIENT_PARSE, 1);
  return (cicu_spellout *)format;
}

void cicu_spellout_close(cicu_spellout *spellout) { unum_close((UNumberFormat *)spellout); }

int32_t cicu_spellout_format(cicu_spellout *spellout, int64_t value, const uint16_t *rule_set,
                             int32_t rule_set_length, uint16_t *destination, int32_t capacity,
                             int32_t *status) {
  UErrorCode error = U_ZERO_ERROR;
  UNumberFormat *format = (UNumberFormat *)spellout;
  if (rule_set != NULL) {
    unum_setTextAttribute(format, UNUM_DEFAULT_RULESET, (const UChar *)rule_set, rule_set_length,
                          &error);
    if (U_FAILURE(error)) {
      *status = error;
      return 0;
    }
  }
  int32_t result = unum_formatInt64(format, value, (UChar *)destination, capacity, NULL, &error);
  *status = error;
  return result;
}

int64_t cicu_spellout_parse(cicu_spellout *spellout, const uint16_t *text, int32_t length,
                            int32_t *parsed_length, int32_t *status) {
  UErrorCode error = U_ZERO_ERROR;
  int32_t position = 0;
  int64_t value = unum_parseInt64((const UNumberFormat *)spellout, (const UChar *)text, length,
                                  &position, &error);
  *status = error;
  *parsed_length = position;
  return value;
}

int32_t cicu_script_of(int32_t code_point, int32_t *status) {
  UErrorCode error = U_ZERO_ERROR;
  UScriptCode script = uscript_getScript(code_point, &error);
  *status = error;
  return (int32_t)script;
}

const char *cicu_script_short_name(int32_t script) {
  return uscript_getShortName((UScriptCode)script);
}

cicu_spoof_checker *cicu_spoof_checker_open(int32_t *status) {
  UErrorCode error = U_ZERO_ERROR;
  USpoofChecker *checker = uspoof_open(&error);
  if (U_SUCCESS(error)) {
    uspoof_setChecks(checker, USPOOF_MIXED_SCRIPT_CONFUSABLE | USPOOF_WHOLE_SCRIPT_CONFUSABLE |
                                  USPOOF_RESTRICTION_LEVEL | USPOOF_INVISIBLE,
                     &error);
    uspoof_setRestrictionLevel(checker, USPOOF_MODERATELY_RESTRICTIVE);
  }
  *status = error;
  if (U_FAILURE(error)) {
    uspoof_close(checker);
    return NULL;
  }
  return (cicu_spoof_checker *)checker;
}

void cicu_spoof_checker_close(cicu_spoof_checker *checker) {
  uspoof_close((USpoofChecker *)checker);
}

int32_t cicu_spoof_checker_check(const cicu_spoof_checker *checker, const uint16_t *text,
                                 int32_t length, int32_t *status) {
  UErrorCode error = U_ZERO_ERROR;
  int32_t result = uspoof_check((const USpoofChecker *)checker, (const UChar *)text, length, NULL,
                                &error);
  *status = error;
  return result;
}

int32_t cicu_spoof_checker_skeleton(const cicu_spoof_checker *checker, const uint16_t *text,
                                    int32_t length, uint16_t *destination, int32_t capacity,
                                    int32_t *status) {
  UErrorCode error = U_ZERO_ERROR;
  int32_t result = uspoof_getSkeleton((const USpoofChecker *)checker, 0, (const UChar *)text,
                                      length, (UChar *)destination, capacity, &error);
  *status = error;
  return result;
}
