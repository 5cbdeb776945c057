/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The trace events of an event header, generated where its tracepoints
 * are defined.
 *
 * define_trace.h includes this file once it has defined the header's
 * tracepoints, with CONFIG_EVENT_TRACING. The header is read five more
 * times, each time with the event macros and the field macros of
 * TP_STRUCT__entry() given another meaning:
 *
 *   1. struct trace_ev_rec_<class>: the record (struct trace_entry, the
 *      fixed fields, one u32 location word per variable field, then the
 *      variable parts);
 *   2. struct trace_ev_dyn_<class>: the location words of a record being
 *      written, and the sources of its strings;
 *   3. trace_ev_dyn_size_<class>(), which fills in (2) and returns the
 *      record's length, and the "print fmt" text, made from the
 *      TP_printk() arguments with __entry spelt REC and the print helpers
 *      left as words;
 *   4. trace_ev_fields_<class>(), the field list of the format file and
 *      the filters;
 *   5. the probe, the printer, the class, and for each event its struct
 *      trace_ev_call and a pointer to it in the _ftrace_events section;
 *      for each TRACE_DEFINE_ENUM() and TRACE_DEFINE_SIZEOF(), a struct
 *      trace_ev_eval in the _ftrace_eval_map section.
 *
 * Every event form is first reduced to DECLARE_EVENT_CLASS() and
 * DEFINE_EVENT() (or DEFINE_EVENT_PRINT()); every field form to one of
 * three: a fixed field, a fixed array, or a variable part.
 */
#include <linux/bitmap.h>
#include <linux/init.h>
#include <linux/math64.h>
#include <linux/seq_file.h>
#include <linux/stddef.h>
#include <linux/stringify.h>
#include <trace/trace_ev.h>

#undef TRACE_EVENT
#define TRACE_EVENT(name, proto, args, tstruct, assign, print)		\
	DECLARE_EVENT_CLASS(name, PARAMS(proto), PARAMS(args),		\
			    PARAMS(tstruct), PARAMS(assign), PARAMS(print)) \
	DEFINE_EVENT(name, name, PARAMS(proto), PARAMS(args))
/*
 * The conditions and the registration callbacks of the other forms are
 * the tracepoint's business (define_trace.h): they are dropped here.
 */
#undef TRACE_EVENT_CONDITION
#define TRACE_EVENT_CONDITION(name, proto, args, cond, tstruct, assign,	\
			      print)					\
	TRACE_EVENT(name, PARAMS(proto), PARAMS(args), PARAMS(tstruct),	\
		    PARAMS(assign), PARAMS(print))
#undef TRACE_EVENT_FN
#define TRACE_EVENT_FN(name, proto, args, tstruct, assign, print, ...)	\
	TRACE_EVENT(name, PARAMS(proto), PARAMS(args), PARAMS(tstruct),	\
		    PARAMS(assign), PARAMS(print))
#undef TRACE_EVENT_FN_COND
#define TRACE_EVENT_FN_COND(name, proto, args, cond, tstruct, assign,	\
			    print, ...)					\
	TRACE_EVENT_FN(name, PARAMS(proto), PARAMS(args), PARAMS(tstruct), \
		       PARAMS(assign), PARAMS(print))
#undef DEFINE_EVENT_FN
#define DEFINE_EVENT_FN(class, name, proto, args, ...)			\
	DEFINE_EVENT(class, name, PARAMS(proto), PARAMS(args))
#undef DEFINE_EVENT_CONDITION
#define DEFINE_EVENT_CONDITION(class, name, proto, args, ...)		\
	DEFINE_EVENT(class, name, PARAMS(proto), PARAMS(args))
#undef TRACE_EVENT_NOP
#define TRACE_EVENT_NOP(...)
#undef DEFINE_EVENT_NOP
#define DEFINE_EVENT_NOP(...)
#undef DECLARE_TRACE
#define DECLARE_TRACE(...)
#undef DECLARE_TRACE_CONDITION
#define DECLARE_TRACE_CONDITION(...)
#undef TRACE_EVENT_FLAGS
#define TRACE_EVENT_FLAGS(...)
#undef TRACE_EVENT_PERF_PERM
#define TRACE_EVENT_PERF_PERM(...)

#undef TP_STRUCT__entry
#define TP_STRUCT__entry(args...) args
#undef TP_fast_assign
#define TP_fast_assign(args...) args

/*
 * The field forms. __tev_fix(type, item, type text, signed) is a field;
 * __tev_arr(type, item, count) a fixed array; __tev_var(loc, item, type
 * text, signed, source, length) a variable part, located by a
 * __data_loc_<item> (loc = data) or __rel_loc_<item> (loc = rel) word,
 * whose length may use the saved source as __dyn->item_src.
 */
#undef __field
#define __field(t, i)		__tev_fix(t, i, #t, is_signed_type(t))
#undef __field_ext
#define __field_ext(t, i, f)	__field(t, i)
#undef __field_struct
#define __field_struct(t, i)	__tev_fix(t, i, #t, 0)
#undef __field_struct_ext
#define __field_struct_ext(t, i, f) __field_struct(t, i)
#undef __array
#define __array(t, i, n)	__tev_arr(t, i, n)
#undef __dynamic_array
#define __dynamic_array(t, i, n) \
	__tev_var(data, i, "__data_loc " #t "[]", is_signed_type(t), NULL, \
		  (n) * sizeof(t))
#undef __rel_dynamic_array
#define __rel_dynamic_array(t, i, n) \
	__tev_var(rel, i, "__rel_loc " #t "[]", is_signed_type(t), NULL, \
		  (n) * sizeof(t))
#undef __string
#define __string(i, s) \
	__tev_var(data, i, "__data_loc char[]", 0, (s), \
		  trace_ev_str_len(__dyn->i##_src))
#undef __rel_string
#define __rel_string(i, s) \
	__tev_var(rel, i, "__rel_loc char[]", 0, (s), \
		  trace_ev_str_len(__dyn->i##_src))
#undef __string_len
#define __string_len(i, s, n) \
	__tev_var(data, i, "__data_loc char[]", 0, (s), (n) + 1)
#undef __rel_string_len
#define __rel_string_len(i, s, n) \
	__tev_var(rel, i, "__rel_loc char[]", 0, (s), (n) + 1)
#undef __vstring
#define __vstring(i, f, ap) \
	__tev_var(data, i, "__data_loc char[]", 0, NULL, \
		  trace_ev_vstr_len(f, ap))
#undef __bitmask
#define __bitmask(i, nr) \
	__tev_var(data, i, "__data_loc unsigned long[]", 0, NULL, \
		  BITS_TO_LONGS(nr) * sizeof(long))
#undef __rel_bitmask
#define __rel_bitmask(i, nr) \
	__tev_var(rel, i, "__rel_loc unsigned long[]", 0, NULL, \
		  BITS_TO_LONGS(nr) * sizeof(long))
#undef __cpumask
#define __cpumask(i) \
	__tev_var(data, i, "__data_loc cpumask_t", 0, NULL, \
		  BITS_TO_LONGS(nr_cpumask_bits) * sizeof(long))
#undef __rel_cpumask
#define __rel_cpumask(i) \
	__tev_var(rel, i, "__rel_loc cpumask_t", 0, NULL, \
		  BITS_TO_LONGS(nr_cpumask_bits) * sizeof(long))
#undef __sockaddr
#define __sockaddr(i, n) \
	__tev_var(data, i, "__data_loc u8[]", 0, NULL, (n))
#undef __rel_sockaddr
#define __rel_sockaddr(i, n) \
	__tev_var(rel, i, "__rel_loc u8[]", 0, NULL, (n))

/* The header, read again: the name define_trace.h worked out. */
#ifdef TRACE_INCLUDE_FILE
#define __tev_header	__tp_header(TRACE_INCLUDE_FILE)
#else
#define __tev_header	__tp_header(TRACE_SYSTEM)
#endif

/* Pass 1: the record. */
#undef DECLARE_EVENT_CLASS
#define DECLARE_EVENT_CLASS(c, proto, args, tstruct, assign, print)	\
	struct trace_ev_rec_##c {					\
		struct trace_entry ent;					\
		tstruct							\
		char __data[];						\
	};
#undef DEFINE_EVENT
#define DEFINE_EVENT(c, n, proto, args)
#undef DEFINE_EVENT_PRINT
#define DEFINE_EVENT_PRINT(c, n, proto, args, print)
#define __tev_fix(t, i, text, sgn)	t i;
#define __tev_arr(t, i, n)		t i[n];
#define __tev_var(loc, i, text, sgn, src, len) u32 __##loc##_loc_##i;

#include __tev_header

/* Pass 2: the location words of a record being written. */
#undef DECLARE_EVENT_CLASS
#define DECLARE_EVENT_CLASS(c, proto, args, tstruct, assign, print)	\
	struct trace_ev_dyn_##c {					\
		tstruct							\
	};
#undef __tev_fix
#define __tev_fix(t, i, text, sgn)
#undef __tev_arr
#define __tev_arr(t, i, n)
#undef __tev_var
#define __tev_var(loc, i, text, sgn, src, len) u32 i; const void *i##_src;

#include __tev_header

/*
 * Pass 3: the lengths and the print fmt. The variable parts follow the
 * fixed ones, in their order; a location word holds the offset in its
 * low 16 bits (from the record's start, or for __rel_loc from the end of
 * the word) and the length in its high 16.
 */
#define __tev_loc_data(i, off, n)	((off) | ((n) << 16))
#define __tev_loc_rel(i, off, n) \
	(((off) - offsetof(__tev_rec, __rel_loc_##i) - sizeof(u32)) | \
	 ((n) << 16))

#undef DECLARE_EVENT_CLASS
#define DECLARE_EVENT_CLASS(c, proto, args, tstruct, assign, print)	\
	static __always_inline unsigned int				\
	trace_ev_dyn_size_##c(struct trace_ev_dyn_##c *__dyn, proto)	\
	{								\
		typedef struct trace_ev_rec_##c __tev_rec;		\
		unsigned int __off __maybe_unused = sizeof(__tev_rec);	\
		unsigned int __n __maybe_unused;			\
									\
		tstruct							\
		return __off;						\
	}								\
	static const char trace_ev_fmt_##c[] __maybe_unused = print;
#undef DEFINE_EVENT_PRINT
#define DEFINE_EVENT_PRINT(c, n, proto, args, print)			\
	static const char trace_ev_efmt_##n[] = print;
#undef __tev_var
#define __tev_var(loc, i, text, sgn, src, len)				\
	__dyn->i##_src = (src);						\
	__n = (len);							\
	__dyn->i = __tev_loc_##loc(i, __off, __n);			\
	__off += __n;

#undef TP_printk
#define TP_printk(fmt, args...)	"\"" fmt "\", " __stringify(args)
#define __entry REC

#include __tev_header

#undef __entry
#undef TP_printk
#undef __tev_loc_data
#undef __tev_loc_rel

/* Pass 4: the field list, of the format file and the filters. */
#undef DECLARE_EVENT_CLASS
#define DECLARE_EVENT_CLASS(c, proto, args, tstruct, assign, print)	\
	static const struct trace_ev_field * __maybe_unused		\
	trace_ev_fields_##c(void)					\
	{								\
		typedef struct trace_ev_rec_##c __tev_rec;		\
		static const struct trace_ev_field __f[] = {		\
			tstruct						\
			{}						\
		};							\
		return __f;						\
	}
#undef DEFINE_EVENT_PRINT
#define DEFINE_EVENT_PRINT(c, n, proto, args, print)
#undef __tev_fix
#define __tev_fix(t, i, text, sgn)					\
	{ .type = text, .name = #i, .offset = offsetof(__tev_rec, i),	\
	  .size = sizeof_field(__tev_rec, i), .is_signed = (sgn),	\
	  .kind = TRACE_EV_NUM },
#undef __tev_arr
#define __tev_arr(t, i, n)						\
	{ .type = #t, .name = #i, .offset = offsetof(__tev_rec, i),	\
	  .size = sizeof_field(__tev_rec, i),				\
	  .count = sizeof_field(__tev_rec, i) / sizeof(t),		\
	  .is_signed = is_signed_type(t), .kind = TRACE_EV_ARRAY },
#undef __tev_var
#define __tev_var(loc, i, text, sgn, src, len)				\
	{ .type = text, .name = #i,					\
	  .offset = offsetof(__tev_rec, __##loc##_loc_##i),		\
	  .size = sizeof(u32), .is_signed = (sgn),			\
	  .kind = __tev_kind_##loc },
#define __tev_kind_data	TRACE_EV_DYN
#define __tev_kind_rel	TRACE_EV_REL

#include __tev_header

#undef __tev_kind_data
#undef __tev_kind_rel

/*
 * Pass 5: the probe, the printer, the class and the events. In both the
 * fast assignment and the print arguments, __entry (or, in some headers,
 * entry) is the record.
 */
#define __entry entry
/* Names whose values the format files show (struct trace_ev_eval). */
#undef TRACE_DEFINE_ENUM
#define TRACE_DEFINE_ENUM(a)	__tev_eval(#a, a)
#undef TRACE_DEFINE_SIZEOF
#define TRACE_DEFINE_SIZEOF(a)	__tev_eval("sizeof(" #a ")", sizeof(a))
#define __tev_eval(n, v)						\
	static struct trace_ev_eval *__UNIQUE_ID(tev_eval) __used	\
	__section("_ftrace_eval_map") = &(struct trace_ev_eval){	\
		.system = __stringify(TRACE_SYSTEM), .name = n,		\
		.value = (v) };
/* Marks for perf in the arguments of a class: plain values here. */
#define __perf_addr(a)	(a)
#define __perf_count(c)	(c)
#define __perf_task(t)	(t)
#undef __tev_fix
#define __tev_fix(t, i, text, sgn)
#undef __tev_arr
#define __tev_arr(t, i, n)
#undef __tev_var
#define __tev_var(loc, i, text, sgn, src, len) \
	__entry->__##loc##_loc_##i = __dyn.i;

#define __get_dynamic_array(f) \
	((void *)__entry + (__entry->__data_loc_##f & 0xffff))
#define __get_dynamic_array_len(f)	(__entry->__data_loc_##f >> 16)
#define __get_str(f)			((char *)__get_dynamic_array(f))
#define __get_rel_dynamic_array(f)					\
	((void *)&__entry->__rel_loc_##f + sizeof(u32) +		\
	 (__entry->__rel_loc_##f & 0xffff))
#define __get_rel_dynamic_array_len(f)	(__entry->__rel_loc_##f >> 16)
#define __get_rel_str(f)		((char *)__get_rel_dynamic_array(f))
#define __get_bitmask(f)						\
	trace_print_bitmask_seq(p, __get_dynamic_array(f),		\
				__get_dynamic_array_len(f))
#define __get_rel_bitmask(f)						\
	trace_print_bitmask_seq(p, __get_rel_dynamic_array(f),		\
				__get_rel_dynamic_array_len(f))
#define __get_cpumask(f)		__get_bitmask(f)
#define __get_rel_cpumask(f)		__get_rel_bitmask(f)
#define __get_sockaddr(f)	((struct sockaddr *)__get_dynamic_array(f))
#define __get_rel_sockaddr(f) \
	((struct sockaddr *)__get_rel_dynamic_array(f))

#define __assign_str(d)							\
	trace_ev_str_copy(__get_str(d), __dyn.d##_src,			\
			  __get_dynamic_array_len(d))
#define __assign_rel_str(d)						\
	trace_ev_str_copy(__get_rel_str(d), __dyn.d##_src,		\
			  __get_rel_dynamic_array_len(d))
#define __assign_vstr(d, f, ap)						\
	trace_ev_vstr_copy(__get_str(d), __get_dynamic_array_len(d), f, ap)
#define __assign_bitmask(d, src, nr)					\
	memcpy(__get_dynamic_array(d), (src), __get_dynamic_array_len(d))
#define __assign_rel_bitmask(d, src, nr)				\
	memcpy(__get_rel_dynamic_array(d), (src),			\
	       __get_rel_dynamic_array_len(d))
#define __assign_cpumask(d, src)					\
	memcpy(__get_dynamic_array(d), (src), __get_dynamic_array_len(d))
#define __assign_rel_cpumask(d, src)					\
	memcpy(__get_rel_dynamic_array(d), (src),			\
	       __get_rel_dynamic_array_len(d))
#define __assign_sockaddr(d, src, len)					\
	memcpy(__get_dynamic_array(d), (src), (len))
#define __assign_rel_sockaddr(d, src, len)				\
	memcpy(__get_rel_dynamic_array(d), (src), (len))

#define __print_flags(flag, delim, flag_array...)			\
	({								\
		static const struct trace_print_flags __fl[] =		\
			{ flag_array, { -1, NULL } };			\
		trace_print_flags_seq(p, delim, flag, __fl);		\
	})
#define __print_flags_u64(flag, delim, flag_array...)			\
	__print_flags(flag, delim, flag_array)
#define __print_symbolic(value, symbol_array...)			\
	({								\
		static const struct trace_print_flags __sy[] =		\
			{ symbol_array, { -1, NULL } };			\
		trace_print_symbols_seq(p, value, __sy);		\
	})
#define __print_symbolic_u64(value, symbol_array...)			\
	__print_symbolic(value, symbol_array)
#define __print_hex(buf, len)	trace_print_hex_seq(p, buf, len, false)
#define __get_buf(len)		trace_seq_acquire(p, (len))
#define __print_hex_str(buf, len) trace_print_hex_seq(p, buf, len, true)
#define __print_array(array, count, el_size)				\
	trace_print_array_seq(p, array, count, el_size)
#define __print_dynamic_array(f, el_size)				\
	trace_print_array_seq(p, __get_dynamic_array(f),		\
			      __get_dynamic_array_len(f) / (el_size), el_size)
#define __print_hex_dump(prefix, type, rowsize, groupsize, buf, len, ascii) \
	trace_print_hex_dump_seq(p, prefix, type, rowsize, groupsize,	\
				 buf, len, ascii)
#define __print_ns_to_secs(value)	div_u64((u64)(value), NSEC_PER_SEC)
#define __print_ns_without_secs(value)					\
	({								\
		u32 __rem;						\
		div_u64_rem((u64)(value), NSEC_PER_SEC, &__rem);	\
		__rem;							\
	})

#undef TP_printk
#define TP_printk(fmt, args...)	fmt "\n", ##args

#undef DECLARE_EVENT_CLASS
#define DECLARE_EVENT_CLASS(c, proto, args, tstruct, assign, print)	\
	static void __maybe_unused					\
	trace_ev_print_##c(struct seq_file *m, struct trace_seq *p,	\
			   const void *__rec)				\
	{								\
		struct trace_ev_rec_##c *entry = (void *)__rec;	\
									\
		seq_printf(m, print);					\
	}								\
	static notrace void __maybe_unused				\
	trace_ev_probe_##c(void *__data, proto)				\
	{								\
		struct trace_ev_call *__call = __data;			\
		struct trace_ev_dyn_##c __dyn;				\
		struct trace_ev_rec_##c *entry;				\
		unsigned long __fl = READ_ONCE(__call->flags);		\
		struct trace_wh __wh;					\
		unsigned int __len;					\
									\
		if (!(__fl & TRACE_EV_FL_RECORD))			\
			return;						\
		__len = trace_ev_dyn_size_##c(&__dyn, args);		\
		entry = trace_ev_reserve(__call, __fl, __len, &__wh);	\
		if (!entry)						\
			return;						\
		tstruct							\
		{ assign; }						\
		trace_ev_commit(__call, __fl, entry, &__wh);		\
	}								\
	static const struct trace_ev_class trace_ev_class_##c		\
	__maybe_unused = {						\
		.system = __stringify(TRACE_SYSTEM),			\
		.fields = trace_ev_fields_##c,				\
		.probe = trace_ev_probe_##c,				\
		.size = sizeof(struct trace_ev_rec_##c),		\
	};

#undef DEFINE_EVENT
#define DEFINE_EVENT(c, n, proto, args)					\
	__tev_call(c, n, trace_ev_print_##c, trace_ev_fmt_##c)

#undef DEFINE_EVENT_PRINT
#define DEFINE_EVENT_PRINT(c, n, proto, args, print)			\
	static void trace_ev_eprint_##n(struct seq_file *m,		\
					struct trace_seq *p,		\
					const void *__rec)		\
	{								\
		struct trace_ev_rec_##c *entry = (void *)__rec;	\
									\
		seq_printf(m, print);					\
	}								\
	__tev_call(c, n, trace_ev_eprint_##n, trace_ev_efmt_##n)

/*
 * The tracepoint an event is on; a custom event (define_custom_trace.h)
 * finds its own once loaded, and has none until then.
 */
#ifndef __tev_tp
#define __tev_tp(n)	(&__tracepoint_##n)
#endif

#define __tev_call(c, n, printer, fmt)					\
	static struct trace_ev_call trace_ev_call_##n = {		\
		.name = #n,						\
		.class = &trace_ev_class_##c,				\
		.tp = __tev_tp(n),					\
		.print = printer,					\
		.print_fmt = fmt,					\
	};								\
	static struct trace_ev_call *__tev_ptr_##n __used		\
	__section("_ftrace_events") = &trace_ev_call_##n;		\
	static inline void __maybe_unused trace_ev_check_##n(void)	\
	{								\
		check_trace_callback_type_##n(trace_ev_probe_##c);	\
	}

/*
 * What perf may do with an event: each TRACE_EVENT_FLAGS() and
 * TRACE_EVENT_PERF_PERM() of vmlinux leaves a struct trace_ev_perf_perm,
 * which an early initcall hands to the perf layer. A module's are
 * dropped: its initcall would be its module_init().
 */
#if defined(CONFIG_PERF_EVENTS) && !defined(MODULE)
#include <linux/perf_event.h>
#undef TRACE_EVENT_FLAGS
#define TRACE_EVENT_FLAGS(n, value)					\
	__tev_perf_perm(n, flags, .flags = (value))
#undef TRACE_EVENT_PERF_PERM
#define TRACE_EVENT_PERF_PERM(n, expr...)				\
	static int trace_ev_perm_##n(struct perf_event *p_event)	\
	{								\
		return expr;						\
	}								\
	__tev_perf_perm(n, perm, .perm = trace_ev_perm_##n)
#define __tev_perf_perm(n, kind, init)				\
	static struct trace_ev_perf_perm trace_ev_pp_##kind##_##n = {	\
		.call = &trace_ev_call_##n,				\
		init,							\
	};								\
	static int __init trace_ev_pp_init_##kind##_##n(void)		\
	{								\
		trace_ev_perf_perm_add(&trace_ev_pp_##kind##_##n);	\
		return 0;						\
	}								\
	early_initcall(trace_ev_pp_init_##kind##_##n);
#endif

#include __tev_header

#undef __tev_call
#undef __tev_tp
#undef __tev_perf_perm
#undef __tev_eval
/* Outside pass 5 they define nothing, as <linux/tracepoint.h> says. */
#undef TRACE_DEFINE_ENUM
#define TRACE_DEFINE_ENUM(x)
#undef TRACE_DEFINE_SIZEOF
#define TRACE_DEFINE_SIZEOF(x)
#undef __entry
#undef __perf_addr
#undef __perf_count
#undef __perf_task
#undef __tev_header
#undef __tev_fix
#undef __tev_arr
#undef __tev_var
#undef __get_dynamic_array
#undef __get_dynamic_array_len
#undef __get_str
#undef __get_rel_dynamic_array
#undef __get_rel_dynamic_array_len
#undef __get_rel_str
#undef __get_bitmask
#undef __get_rel_bitmask
#undef __get_cpumask
#undef __get_rel_cpumask
#undef __get_sockaddr
#undef __get_rel_sockaddr
#undef __assign_str
#undef __assign_rel_str
#undef __assign_vstr
#undef __assign_bitmask
#undef __assign_rel_bitmask
#undef __assign_cpumask
#undef __assign_rel_cpumask
#undef __assign_sockaddr
#undef __assign_rel_sockaddr
#undef __print_flags
#undef __print_flags_u64
#undef __print_symbolic
#undef __print_symbolic_u64
#undef __print_hex
#undef __get_buf
#undef __print_hex_str
#undef __print_array
#undef __print_dynamic_array
#undef __print_hex_dump
#undef __print_ns_to_secs
#undef __print_ns_without_secs
#undef TP_printk
#undef TP_STRUCT__entry
#undef TP_fast_assign
#undef __field
#undef __field_ext
#undef __field_struct
#undef __field_struct_ext
#undef __array
#undef __dynamic_array
#undef __rel_dynamic_array
#undef __string
#undef __rel_string
#undef __string_len
#undef __rel_string_len
#undef __vstring
#undef __bitmask
#undef __rel_bitmask
#undef __cpumask
#undef __rel_cpumask
#undef __sockaddr
#undef __rel_sockaddr
#undef TRACE_EVENT_FLAGS
#undef TRACE_EVENT_PERF_PERM
