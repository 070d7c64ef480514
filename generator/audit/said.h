/*
 * said.h — a figure of prose about a known part where reference_prose()
 * found no row or column for it (said.c).  Its declarations are private
 * to audit/.
 */
#ifndef SPECBOOK_AUDIT_SAID_H
#define SPECBOOK_AUDIT_SAID_H

#include "audit/model.h"

/*
 * Holds figure f of the sentence s[0..len) (f at byte at; sw its words as
 * name_words() gives them; prev_sw the words of the sentence before it in
 * its paragraph, or NULL) against the reference figures of the part its
 * clause names (else its sentence) and the column its words name (a
 * bandwidth's column may be named by the sentence before).  A warning
 * naming the source when it is none of them (a note within 10% and no
 * slip).  Returns 1 when it was compared.
 */
int said_check(struct audit *au, const char *s, size_t len, size_t at, const struct figure *f, const char *sw,
	       const char *prev_sw);

/* Is a word that says the figure at s[at] is a vendor's published figure
 * ("advertised as", "spec", "theoretical", "峰值") right before it, or
 * "spec" right after it, with no other figure between? */
int said_spec_near(const char *s, size_t len, size_t at, size_t flen);

/* Does the clause of s[at] name word ("a800", any case), or, when the
 * clause names no part (a letter and two digits: A100, H800), its
 * sentence s[0..len)? */
int said_names(const char *s, size_t len, size_t at, const char *word);

/* The words (name_words() form) of the clause of s[at] when it is not
 * the whole sentence s[0..len) and names a part (a letter and two digits:
 * H200, A100), else NULL. */
const char *said_clause_words(struct audit *au, const char *s, size_t len, size_t at);

/* Where the clause of s[at] ends (，、；。; , outside parentheses): len
 * when it is the sentence's last. */
size_t said_clause_end(const char *s, size_t len, size_t at);

/* What f is a figure of: 'c' compute (FLOPS, OPS), 'b' a bandwidth, 'm'
 * a size in bytes, 'p' a power, 0 another thing. */
int said_kind_of(const struct audit *au, const struct figure *f);

/* What the words s[0..len) name, in said_kind_of()'s letters (算力,
 * bandwidth, 显存…), 0 for none or several. */
int said_kind_named(struct audit *au, const char *s, size_t len);

/* A bare figure said to be a part's ratio of compute to memory traffic
 * ("A100 的 ops:byte ratio 是 208", "算术强度为 153"): held as FLOP/B
 * against the reference's compute over memory bandwidth.  Returns 1 when
 * it was compared. */
int said_ridge(struct audit *au, const char *s, size_t len, size_t at, const struct figure *f, const char *sw);

/* Is f a bandwidth (bytes or bits a second: GB/s, Gb/s)? */
int said_is_bandwidth(const struct audit *au, const struct figure *f);

/*
 * A compute figure of the sentence text[soff..send) (figures figs[from..to))
 * beside a percent that says it is a share of the peak (`225 TFLOPs/s（72%
 * 的模型 FLOPs 利用率）`, `740 TFLOPS on H100 (75% util)`) of the one
 * known part the sentence names: the share must be the figure over the
 * part's peak of the type named (else BF16 or FP16, what MFU is counted
 * against), or it is a warning naming the reference's source.
 */
void said_utilization(struct audit *au, const char *text, size_t soff, size_t send, const struct figure *figs,
		      size_t from, size_t to);

/* Is f the figure said_utilization() judges with the share beside it
 * (then it is no statement of the peak itself: "达到 ~840 TFLOPs/s（85%
 * 利用率）")? */
int said_in_share(struct audit *au, const char *text, size_t soff, size_t send, const struct figure *figs,
		  size_t from, size_t to, const struct figure *f);

/* A compute or bandwidth figure of a sentence that tells of a run
 * ("实现了可达3000 GB/s 的显存带宽（H800 SXM5 配置）", "I clocked 450TFLOPS
 * on MI300X") above the peak of the one part it names (the most of its
 * forms; sparse, for compute): a warning naming the source.  Not of a
 * group of parts (8x, nodes, totals) nor of a cache.  Returns 1 when it
 * reported. */
int said_above_peak(struct audit *au, const char *s, size_t len, size_t at, const struct figure *f, const char *sw);

#endif
