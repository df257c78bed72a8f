package com.merchantpay.v2;

import com.merchantpay.observation.CallListener;
import java.time.Duration;
import java.util.function.DoubleSupplier;
import java.util.function.LongSupplier;
import java.util.function.Supplier;
import org.slf4j.Logger;

/**
 * What every call of one client is made with, as its builder set it.
 *
 * @param idempotencyKeys makes the key of a create the caller gave none for
 * @param listener told of every call and attempt, or null
 * @param sleeper, random, nanoTime the waits, jitter and clock, replaced in tests
 */
record CallSettings(
    CallCredentials credentials,
    Duration connectTimeout,
    Duration readTimeout,
    Duration callTimeout,
    RetryPolicy retryPolicy,
    Supplier<String> idempotencyKeys,
    CallListener listener,
    Logger log,
    CallExecutor.Sleeper sleeper,
    DoubleSupplier random,
    LongSupplier nanoTime) {}
