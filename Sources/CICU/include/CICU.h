#ifndef CICU_H
#define CICU_H

/*
 * A narrow C shim over the system ICU (libicu-dev). The header declares only opaque handles,
 * UTF-16 code units as uint16_t and int32_t status codes, so Swift never sees ICU's own
 * headers (which clash with Foundation's private ICU). A status greater than zero is an ICU
 * error code (UErrorCode); zero or less is success or a warning.
 */

#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* Returns ICU's name for a status code, for error messages. */
const char *cicu_status_name(int32_t status);

/* The U_BUFFER_OVERFLOW_ERROR status, so Swift can retry with a larger buffer. */
int32_t cicu_status_buffer_overflow(void);

/* NFKC_Casefold: writes the folded form of `source` into `destination`; returns its length. */
int32_t cicu_casefold_normalize(const uint16_t *source, int32_t length, uint16_t *destination,
                                int32_t capacity, int32_t *status);

/* Transliterators (utrans). */
typedef struct cicu_transliterator cicu_transliterator;
cicu_transliterator *cicu_transliterator_open(const uint16_t *identifier, int32_t length,
                                              int32_t *status);
cicu_transliterator *cicu_transliterator_clone(const cicu_transliterator *transliterator,
                                               int32_t *status);
void cicu_transliterator_close(cicu_transliterator *transliterator);
/* Transliterates `text[0..<*length]` in place; `*length` is updated. On a buffer overflow
   `*length` holds the needed capacity and the text is unchanged. */
void cicu_transliterator_transliterate(const cicu_transliterator *transliterator, uint16_t *text,
                                       int32_t *length, int32_t capacity, int32_t *status);

/* Word break iterator (ubrk, UBRK_WORD). */
typedef struct cicu_word_breaker cicu_word_breaker;
cicu_word_breaker *cicu_word_breaker_open(const char *locale, int32_t *status);
cicu_word_breaker *cicu_word_breaker_clone(const cicu_word_breaker *breaker, int32_t *status);
void cicu_word_breaker_close(cicu_word_breaker *breaker);
/* Sets the text; the buffer must stay alive until the next call to set_text. */
void cicu_word_breaker_set_text(cicu_word_breaker *breaker, const uint16_t *text, int32_t length,
                                int32_t *status);
/* The first boundary (always 0). */
int32_t cicu_word_breaker_first(cicu_word_breaker *breaker);
/* The next boundary in UTF-16 units, or -1 at the end. */
int32_t cicu_word_breaker_next(cicu_word_breaker *breaker);
/* The rule status of the segment ending at the current boundary: 0 means none (spaces,
   punctuation), 100-199 numbers, 200-299 letters, 300-399 kana, 400-499 ideographs. */
int32_t cicu_word_breaker_rule_status(const cicu_word_breaker *breaker);

/* Rule-based number format (unum, UNUM_SPELLOUT). */
typedef struct cicu_spellout cicu_spellout;
cicu_spellout *cicu_spellout_open(const char *locale, int32_t *status);
void cicu_spellout_close(cicu_spellout *spellout);
/* Formats `value` with the rule set (e.g. "%spellout-ordinal"; NULL for the default). */
int32_t cicu_spellout_format(cicu_spellout *spellout, int64_t value, const uint16_t *rule_set,
                             int32_t rule_set_length, uint16_t *destination, int32_t capacity,
                             int32_t *status);
/* Parses spelled-out text leniently ("twenty one" gives 21). */
int64_t cicu_spellout_parse(cicu_spellout *spellout, const uint16_t *text, int32_t length,
                            int32_t *parsed_length, int32_t *status);

/* Scripts (uscript). Returns the UScriptCode of a code point. */
int32_t cicu_script_of(int32_t code_point, int32_t *status);
/* The four-letter ISO 15924 code of a UScriptCode ("Latn", "Hani", "Zyyy"). */
const char *cicu_script_short_name(int32_t script);

/* Spoof checker (uspoof). */
typedef struct cicu_spoof_checker cicu_spoof_checker;
cicu_spoof_checker *cicu_spoof_checker_open(int32_t *status);
void cicu_spoof_checker_close(cicu_spoof_checker *checker);
/* Returns the failed checks as a bit set (0 when the text passes). */
int32_t cicu_spoof_checker_check(const cicu_spoof_checker *checker, const uint16_t *text,
                                 int32_t length, int32_t *status);
/* Writes the confusable skeleton of `text`; returns its length. */
int32_t cicu_spoof_checker_skeleton(const cicu_spoof_checker *checker, const uint16_t *text,
                                    int32_t length, uint16_t *destination, int32_t capacity,
                                    int32_t *status);

#ifdef __cplusplus
}
#endif

#endif
