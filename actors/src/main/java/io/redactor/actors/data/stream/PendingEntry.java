package io.redactor.actors.data.stream;

/**
 * An entry delivered to a consumer of a group and not yet acknowledged (Redis's streamNACK): when it was last
 * delivered (unix ms), how many times, and to whom. The group's and the consumer's pending lists share it.
 */
public final class PendingEntry {
    long deliveryTime;
    long deliveryCount;
    Consumer consumer;

    PendingEntry(long deliveryTime, long deliveryCount, Consumer consumer) {
        this.deliveryTime = deliveryTime;
        this.deliveryCount = deliveryCount;
        this.consumer = consumer;
    }

    public long deliveryTime() {
        return deliveryTime;
    }

    public long deliveryCount() {
        return deliveryCount;
    }

    /** The consumer that has it; null only while a forced claim is creating it. */
    public Consumer consumer() {
        return consumer;
    }

    public void setDeliveryTime(long unixMs) {
        deliveryTime = unixMs;
    }

    public void setDeliveryCount(long count) {
        deliveryCount = count;
    }
}
