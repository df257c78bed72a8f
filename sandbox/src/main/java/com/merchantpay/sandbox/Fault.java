package com.merchantpay.sandbox;

import com.merchantpay.sandbox.internal.faults.Delay;
import com.merchantpay.sandbox.internal.faults.DropAfter;
import com.merchantpay.sandbox.internal.faults.FailAfter;
import com.merchantpay.sandbox.internal.faults.FailBefore;
import com.merchantpay.sandbox.internal.faults.FaultEffect;
import com.merchantpay.sandbox.internal.faults.FaultRule;
import com.merchantpay.sandbox.internal.faults.OperationNames;
import com.merchantpay.sandbox.internal.faults.Stall;
import com.merchantpay.sandbox.internal.faults.Truncate;
import java.time.Duration;
import java.util.Objects;

/**
 * A rule that makes calls to the sandbox fail, for testing how an application handles failures:
 * which calls it hits (an operation, a merchant, the nth call, a share of calls) and what it does.
 * Immutable; add it with {@link Faults#add} or {@link Sandbox.Builder#fault}.
 *
 * <pre>{@code
 * // The payment is made, then its answer is lost: the application must not pay twice.
 * sandbox.faults().add(Fault.on(Operation.V2.CREATE_PAYMENT).once().dropAfter());
 * // Every third call turned away, repeatably.
 * sandbox.faults().add(Fault.onEveryCall().rate(0.33, 42).failBefore(429, Duration.ofSeconds(1)));
 * }</pre>
 *
 * <p>A fault before acting leaves the sandbox as it was; a fault after acting lets the call do all
 * it does, exactly once, and then loses or spoils the answer, so a retry with the same idempotency
 * key gets the stored result. Every call that meets a fault says so in the {@link Journal}.
 */
public final class Fault {
  private final FaultRule rule;

  private Fault(FaultRule rule) {
    this.rule = rule;
  }

  /** A rule for the calls of one operation of one interface. */
  public static Builder on(Operation operation) {
    return new Builder(Objects.requireNonNull(operation, "operation").qualifiedName());
  }

  /**
   * A rule for the calls of one operation named as text: a v2 operation id ({@code createPayment}),
   * a v1 operation name ({@code refundPayment}), or either with its interface ({@code
   * v1:getPayment}), which a name of both interfaces needs.
   *
   * @throws IllegalArgumentException at once for a name of no operation, naming the known ones, or
   *     a name of both interfaces without its interface
   */
  public static Builder on(String operation) {
    return new Builder(KnownOperations.NAMES.qualify(operation));
  }

  /** A rule for every call to either interface. */
  public static Builder onEveryCall() {
    return new Builder(OperationNames.EVERY);
  }

  /**
   * Reads the text form the standalone jar's {@code --fault} option takes: the operation ({@code *}
   * for all, {@code @MERCHANT} to narrow it), one effect named as this builder names it ({@code
   * delay=PT2S}, {@code failBefore=503}, {@code failBefore=429,retryAfter=PT1S}, {@code
   * failAfter=502}, {@code dropAfter}, {@code stall=PT30S}, {@code truncate}) and options ({@code
   * once}, {@code times=N}, {@code nth=N}, {@code rate=0.3}, {@code seed=42}), separated by commas:
   * {@code createPayment,dropAfter,once} or {@code v1:getPayment,failBefore=503}.
   *
   * @throws IllegalArgumentException naming the part that cannot be read, or the operation that is
   *     not one
   */
  public static Fault parse(String text) {
    return new Fault(FaultRule.parse(text, KnownOperations.NAMES));
  }

  FaultRule rule() {
    return rule;
  }

  /** The rule in its text form, as {@link #parse} reads it. */
  @Override
  public String toString() {
    return rule.describe();
  }

  @Override
  public boolean equals(Object other) {
    return other instanceof Fault fault && fault.rule.equals(rule);
  }

  @Override
  public int hashCode() {
    return rule.hashCode();
  }

  /** Which calls a fault hits; ends with the effect, which makes the {@link Fault}. */
  public static final class Builder {
    private final String operation;
    private String merchant;
    private Integer nthCall;
    private Double rate;
    private long seed;
    private Integer times;

    private Builder(String operation) {
      this.operation = operation;
    }

    /** Only calls made for this merchant. */
    public Builder merchant(String merchantId) {
      this.merchant = Objects.requireNonNull(merchantId, "merchantId");
      return this;
    }

    /** Only the nth call the rule matches, counting from 1. */
    public Builder nthCall(int n) {
      this.nthCall = n;
      return this;
    }

    /** Only this share of the matching calls, drawn from a generator with this seed. */
    public Builder rate(double share, long seed) {
      this.rate = share;
      this.seed = seed;
      return this;
    }

    /** Hits this many calls, then is gone. Without it the rule stays until removed. */
    public Builder times(int n) {
      this.times = n;
      return this;
    }

    /** Hits one call, then is gone. */
    public Builder once() {
      return times(1);
    }

    /** Holds the call this long before handling it as usual. */
    public Fault delay(Duration duration) {
      return effect(new Delay(duration));
    }

    /** Answers this 4xx or 5xx status without acting: the call had no effect. */
    public Fault failBefore(int status) {
      return effect(new FailBefore(status, null));
    }

    /** Answers this status with a {@code Retry-After} (a 429 or 503) without acting. */
    public Fault failBefore(int status, Duration retryAfter) {
      return effect(new FailBefore(status, Objects.requireNonNull(retryAfter, "retryAfter")));
    }

    /** Acts, then answers this 5xx status instead of the real answer. */
    public Fault failAfter(int status) {
      return effect(new FailAfter(status));
    }

    /** Acts, then closes the connection without a byte of the answer. */
    public Fault dropAfter() {
      return effect(new DropAfter());
    }

    /** Acts, sends the answer's headers and half its body, then holds the rest this long. */
    public Fault stall(Duration duration) {
      return effect(new Stall(duration));
    }

    /** Acts, sends the answer's headers and half its body, then closes the connection. */
    public Fault truncate() {
      return effect(new Truncate());
    }

    private Fault effect(FaultEffect effect) {
      return new Fault(new FaultRule(operation, merchant, nthCall, rate, seed, times, effect));
    }
  }
}
