// SPDX-License-Identifier: GPL-2.0
/*
 * The table behind a hist trigger: fixed-size keys to running sums.
 *
 * The probe of an event, in any context up to NMI, looks a key up and
 * adds to its sums; nothing it does takes a lock or allocates. So the
 * table is made whole when the trigger is set:
 *
 * - an array of entries (max of them), each its sums, its key and room
 *   for what the caller keeps with it (a task's name), handed out in order
 *   by one counter;
 * - twice as many slots, each a key's hash and the entry that holds it,
 *   searched from the hash's place onwards (open addressing).
 *
 * A probe that finds an empty slot claims it by writing its hash there
 * (cmpxchg from 0), then takes the next entry, copies its key in and
 * publishes the entry in the slot (release). Another probe that finds
 * its hash in a slot reads the entry (acquire, pairs with that release):
 * when there is none yet (its claimer is between the two steps, on
 * another CPU or under us), the hit is dropped and counted, as is one
 * that finds the entries or the slots used up. Two probes of one key
 * thus never make two entries.
 *
 * Readers (the hist file) take the published entries in any order; the
 * caller sorts them. Clearing needs the probes kept out (the caller
 * pauses the trigger and waits for a grace period).
 */
#include <linux/atomic.h>
#include <linux/bits.h>
#include <linux/jhash.h>
#include <linux/kprobes.h>
#include <linux/mm.h>
#include <linux/percpu.h>
#include <linux/slab.h>
#include <linux/string.h>

#include "trace_hist.h"

/**
 * struct hist_slot - a place of the table
 * @hash:	the hash of the key there (never 0), or 0 while free
 * @elt:	its entry, once published; NULL before
 */
struct hist_slot {
	u32 hash;
	struct hist_elt *elt;
};

/**
 * struct hist_elt - an entry
 * @vals:	its sums, as many as the table has
 *
 * Its key follows the sums, and the caller's room the key.
 */
struct hist_elt {
	DECLARE_FLEX_ARRAY(atomic64_t, vals);
};

/* A CPU's counts of a table. */
struct hist_cpu_stats {
	u64 hits;
	u64 drops;
};

/**
 * struct hist_map - the table
 * @key_size:	bytes of a key, a multiple of 8
 * @extra:	bytes of the caller's room in an entry
 * @nvals:	sums of an entry
 * @max:	entries
 * @mask:	slots - 1
 * @elt_size:	bytes of an entry
 * @next:	entries handed out (may pass @max: those claims failed)
 * @slots:	the slots
 * @elts:	the entries
 * @stats:	per CPU: hits counted, and those dropped (no room, or a key
 *		being added)
 */
struct hist_map {
	unsigned int key_size;
	unsigned int extra;
	unsigned int nvals;
	unsigned int max;
	unsigned int mask;
	unsigned int elt_size;
	atomic_t next;
	struct hist_slot *slots;
	void *elts;
	struct hist_cpu_stats __percpu *stats;
};

static struct hist_elt *hist_elt_at(const struct hist_map *m, unsigned int i)
{
	return m->elts + (size_t)i * m->elt_size;
}

/**
 * hist_map_new() - make a table
 * @max:	entries, a power of 2
 * @key_size:	bytes of a key, a multiple of 8
 * @extra:	bytes of room the caller keeps in each entry, a multiple of 8
 * @nvals:	sums of each entry
 *
 * Return: the table, or NULL without memory.
 */
struct hist_map *hist_map_new(unsigned int max, unsigned int key_size,
			      unsigned int extra, unsigned int nvals)
{
	struct hist_map *m = kzalloc(sizeof(*m), GFP_KERNEL);

	if (!m)
		return NULL;
	m->key_size = key_size;
	m->extra = extra;
	m->nvals = nvals;
	m->max = max;
	m->mask = 2 * max - 1;
	m->elt_size = nvals * sizeof(atomic64_t) + key_size + extra;
	/* Up to about 100 MB for a big table of string keys: charged. */
	m->slots = kvcalloc(2 * max, sizeof(*m->slots),
			    GFP_KERNEL_ACCOUNT | __GFP_NOWARN);
	m->elts = kvcalloc(max, m->elt_size, GFP_KERNEL_ACCOUNT | __GFP_NOWARN);
	m->stats = alloc_percpu(struct hist_cpu_stats);
	if (!m->slots || !m->elts || !m->stats) {
		hist_map_free(m);
		return NULL;
	}
	return m;
}

/**
 * hist_map_free() - free a table no probe can reach
 * @m:		the table, or NULL
 */
void hist_map_free(struct hist_map *m)
{
	if (m) {
		free_percpu(m->stats);
		kvfree(m->elts);
		kvfree(m->slots);
	}
	kfree(m);
}

/**
 * hist_elt_key() - the key of an entry
 * @m:		its table
 * @e:		the entry
 *
 * Return: its key, of the table's key size.
 */
const void *hist_elt_key(const struct hist_map *m, const struct hist_elt *e)
{
	return (const void *)e + m->nvals * sizeof(atomic64_t);
}

/**
 * hist_elt_extra() - the caller's room in an entry
 * @m:		its table
 * @e:		the entry
 *
 * Return: the room, made zero.
 */
void *hist_elt_extra(const struct hist_map *m, const struct hist_elt *e)
{
	return (void *)hist_elt_key(m, e) + m->key_size;
}

/**
 * hist_elt_val() - a sum of an entry
 * @e:		the entry
 * @i:		which sum
 *
 * Return: its value now.
 */
u64 hist_elt_val(const struct hist_elt *e, unsigned int i)
{
	return atomic64_read(&e->vals[i]);
}

static struct hist_elt *hist_map_claim(struct hist_map *m,
				       struct hist_slot *s, const void *key,
				       const void *extra, bool *fresh)
{
	unsigned int n = atomic_inc_return(&m->next) - 1;
	struct hist_elt *e;

	/* The slot stays claimed without an entry: the table is full. */
	if (n >= m->max)
		return NULL;
	e = hist_elt_at(m, n);
	memcpy((void *)hist_elt_key(m, e), key, m->key_size);
	if (extra)
		memcpy(hist_elt_extra(m, e), extra, m->extra);
	/* Pairs with the smp_load_acquire() of hist_map_find(). */
	smp_store_release(&s->elt, e);
	*fresh = true;
	return e;
}

/*
 * The entry of @key; one made for it unless @fresh is NULL, which looks
 * only (a free slot ends the search: keys are never taken out).
 */
static struct hist_elt *hist_map_find(struct hist_map *m, const void *key,
				      const void *extra, bool *fresh)
{
	u32 hash = jhash2(key, m->key_size / sizeof(u32), 0) ?: 1;
	unsigned int i = hash & m->mask, n;
	struct hist_elt *e;

	for (n = 0; n <= m->mask; n++, i = (i + 1) & m->mask) {
		struct hist_slot *s = &m->slots[i];
		u32 h = READ_ONCE(s->hash);

		if (!h) {
			if (!fresh)
				return NULL;
			h = cmpxchg(&s->hash, 0, hash);
			if (!h)
				return hist_map_claim(m, s, key, extra, fresh);
		}
		if (h != hash)
			continue;
		/* Pairs with the smp_store_release() of hist_map_claim(). */
		e = smp_load_acquire(&s->elt);
		if (!e)
			return NULL;
		if (!memcmp(hist_elt_key(m, e), key, m->key_size))
			return e;
	}
	return NULL;
}

/**
 * hist_map_get() - count a hit of a key, and find its entry
 * @m:		the table
 * @key:	the key, of the table's key size
 * @extra:	what a new entry's room for the caller starts with (of the
 *		table's extra size), written before the entry is found by
 *		others; NULL leaves the room zero
 * @fresh:	set when the entry was made for this hit; left alone
 *		otherwise
 *
 * Any context. A hit that finds no room, or its key being added by
 * another, is dropped and counted.
 *
 * Return: the entry, or NULL for a dropped hit.
 */
struct hist_elt *hist_map_get(struct hist_map *m, const void *key,
			      const void *extra, bool *fresh)
{
	struct hist_elt *e = hist_map_find(m, key, extra, fresh);

	this_cpu_inc(m->stats->hits);
	if (!e)
		this_cpu_inc(m->stats->drops);
	return e;
}

NOKPROBE_SYMBOL(hist_map_get);

/**
 * hist_map_lookup() - find the entry of a key, without making one
 * @m:		the table
 * @key:	the key, of the table's key size
 *
 * Any context; counts nothing.
 *
 * Return: the entry, or NULL when the key has none.
 */
struct hist_elt *hist_map_lookup(struct hist_map *m, const void *key)
{
	return hist_map_find(m, key, NULL, NULL);
}

NOKPROBE_SYMBOL(hist_map_lookup);

/**
 * hist_map_drop() - count a hit that the caller could not give a key
 * @m:		the table
 *
 * Any context.
 */
void hist_map_drop(struct hist_map *m)
{
	this_cpu_inc(m->stats->hits);
	this_cpu_inc(m->stats->drops);
}

NOKPROBE_SYMBOL(hist_map_drop);

/**
 * hist_elt_add() - add to a sum of an entry
 * @e:		the entry
 * @i:		which sum
 * @v:		what to add
 */
void hist_elt_add(struct hist_elt *e, unsigned int i, u64 v)
{
	atomic64_add(v, &e->vals[i]);
}

NOKPROBE_SYMBOL(hist_elt_add);

/**
 * hist_elt_slot() - where a slot of an entry is, to keep bytes in
 * @e:		the entry
 * @i:		the slot
 *
 * Return: its 8 bytes, which slots after it continue.
 */
void *hist_elt_slot(const struct hist_elt *e, unsigned int i)
{
	return (void *)&e->vals[i];
}

/**
 * hist_atomic_raise() - keep a value if it is larger
 * @a:		where it is kept
 * @v:		the value
 *
 * Return: true when @v is @a's new value.
 */
bool hist_atomic_raise(atomic64_t *a, u64 v)
{
	s64 old = atomic64_read(a);

	do {
		if (v <= (u64)old)
			return false;
	} while (!atomic64_try_cmpxchg(a, &old, v));
	return true;
}

NOKPROBE_SYMBOL(hist_atomic_raise);

/**
 * hist_elt_raise() - keep a value in a slot if it is larger
 * @e:		the entry
 * @i:		the slot
 * @v:		the value
 *
 * Return: true when @v is the slot's new value.
 */
bool hist_elt_raise(struct hist_elt *e, unsigned int i, u64 v)
{
	return hist_atomic_raise(&e->vals[i], v);
}

NOKPROBE_SYMBOL(hist_elt_raise);

/**
 * hist_elt_change() - keep a value in a slot
 * @e:		the entry
 * @i:		the slot
 * @v:		the value
 *
 * Return: true when it differs from what the slot had (0 at first).
 */
bool hist_elt_change(struct hist_elt *e, unsigned int i, u64 v)
{
	return (u64)atomic64_xchg(&e->vals[i], v) != v;
}

NOKPROBE_SYMBOL(hist_elt_change);

/**
 * hist_elt_set() - set a variable of an entry
 * @e:		the entry
 * @i:		where the variable is
 * @setw:	where the entry's set bits are
 * @bit:	the variable's set bit
 * @v:		its value
 *
 * The value is in place before the bit says so (release).
 */
void hist_elt_set(struct hist_elt *e, unsigned int i, unsigned int setw,
		  unsigned int bit, u64 v)
{
	atomic64_set(&e->vals[i], v);
	/* Pairs with the acquires of hist_elt_read(): the value first. */
	atomic64_fetch_or_release(BIT_ULL(bit), &e->vals[setw]);
}

NOKPROBE_SYMBOL(hist_elt_set);

/**
 * hist_elt_read() - read a variable of an entry
 * @e:		the entry
 * @i:		where the variable is
 * @setw:	where the entry's set bits are
 * @bit:	the variable's set bit
 * @once:	unset it
 * @v:		gets its value
 *
 * Return: false when it was not set (@v is left alone).
 */
bool hist_elt_read(struct hist_elt *e, unsigned int i, unsigned int setw,
		   unsigned int bit, bool once, u64 *v)
{
	u64 set;

	/* Both pair with the release of hist_elt_set(). */
	if (once)
		set = atomic64_fetch_andnot_acquire(BIT_ULL(bit),
						    &e->vals[setw]);
	else
		set = atomic64_read_acquire(&e->vals[setw]);
	if (!(set & BIT_ULL(bit)))
		return false;
	*v = atomic64_read(&e->vals[i]);
	return true;
}

NOKPROBE_SYMBOL(hist_elt_read);

/**
 * hist_map_clear() - empty a table
 * @m:		the table, which no probe may be using
 */
void hist_map_clear(struct hist_map *m)
{
	int cpu;

	memset(m->slots, 0, (m->mask + 1) * sizeof(*m->slots));
	memset(m->elts, 0, (size_t)m->max * m->elt_size);
	atomic_set(&m->next, 0);
	for_each_possible_cpu(cpu)
		memset(per_cpu_ptr(m->stats, cpu), 0, sizeof(*m->stats));
}

/**
 * hist_map_stats() - a table's totals
 * @m:		the table
 * @hits:	gets the hits counted
 * @drops:	gets those dropped
 */
void hist_map_stats(const struct hist_map *m, u64 *hits, u64 *drops)
{
	int cpu;

	*hits = 0;
	*drops = 0;
	for_each_possible_cpu(cpu) {
		const struct hist_cpu_stats *c = per_cpu_ptr(m->stats, cpu);

		*hits += READ_ONCE(c->hits);
		*drops += READ_ONCE(c->drops);
	}
}

/**
 * hist_map_entries() - take the entries of a table
 * @m:		the table
 * @out:	gets a kvmalloc()ed array of them, in no order (NULL when
 *		there are none); the caller frees it
 *
 * Return: their number, or -ENOMEM.
 */
int hist_map_entries(const struct hist_map *m, struct hist_elt ***out)
{
	unsigned int n = min_t(unsigned int, atomic_read(&m->next), m->max);
	unsigned int i, got = 0;
	struct hist_elt **v;

	*out = NULL;
	if (!n)
		return 0;
	v = kvmalloc_array(n, sizeof(*v), GFP_KERNEL);
	if (!v)
		return -ENOMEM;
	for (i = 0; i <= m->mask && got < n; i++) {
		/* Pairs with the smp_store_release() of hist_map_claim(). */
		struct hist_elt *e = smp_load_acquire(&m->slots[i].elt);

		if (e)
			v[got++] = e;
	}
	*out = v;
	return got;
}
