// The write lock of users' memories (Neo4jStore.locked_users): one UserLock node per user,
// merged and written in the transaction that holds the lock until the write is done; the
// uniqueness constraint on UserLock.user_id makes a second writer wait, even for a user's
// first write. $users is sorted, so two writers lock shared users in the same order.
UNWIND $users AS user_id
MERGE (lock:UserLock {user_id: user_id})
SET lock.held_at = datetime.realtime()
