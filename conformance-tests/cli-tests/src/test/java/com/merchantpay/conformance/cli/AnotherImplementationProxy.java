package com.merchantpay.conformance.cli;

import com.merchantpay.sandbox.Sandbox;

/**
 * Starts the proxy that makes a sandbox {@link AnotherImplementation}, optionally broken the way a
 * breakage of {@link KitCatchesBreakageTest} breaks it.
 */
final class AnotherImplementationProxy {
  private AnotherImplementationProxy() {}

  /**
   * The proxy in front of the sandbox; with a breakage, the breakage sees the sandbox's calls and
   * answers and the implementation's readings are laid over it.
   */
  static MutatingProxy start(Sandbox sandbox, MutatingProxy.Fault breakage) {
    MutatingProxy.Fault[] fault = new MutatingProxy.Fault[1];
    MutatingProxy proxy =
        new MutatingProxy(
            sandbox.baseUrl(),
            new MutatingProxy.Fault() {
              @Override
              public void request(MutatingProxy.Call call) {
                fault[0].request(call);
              }

              @Override
              public void answer(MutatingProxy.Call call, MutatingProxy.Answer answer) {
                fault[0].answer(call, answer);
              }

              @Override
              public Integer notification(MutatingProxy.Call call) {
                return fault[0].notification(call);
              }

              @Override
              public int notificationAnswer(int merchantStatus) {
                return fault[0].notificationAnswer(merchantStatus);
              }
            });
    MutatingProxy.Fault readings =
        AnotherImplementation.readings(base(sandbox), proxy.baseUrl().toString());
    fault[0] = breakage == null ? readings : AnotherImplementation.broken(readings, breakage);
    return proxy;
  }

  private static String base(Sandbox sandbox) {
    String url = sandbox.baseUrl().toString();
    return url.endsWith("/") ? url.substring(0, url.length() - 1) : url;
  }
}
