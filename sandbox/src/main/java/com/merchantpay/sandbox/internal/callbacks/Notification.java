package com.merchantpay.sandbox.internal.callbacks;

import com.fasterxml.jackson.databind.node.ObjectNode;

/**
 * A callback to send: the event, where to, which resource, and the body as it was when the change
 * happened.
 */
public record Notification(String event, String url, String resourceId, ObjectNode body) {}
